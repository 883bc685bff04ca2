import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { CodeError, NewCodeButton } from '../../components/CodeError';
import { CodeField } from '../../components/CodeField';
import { Field, PasswordField } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { fieldErrors } from '../../lib/field-errors';
import { useMailedCode } from '../../lib/mailed-code';
import { useAction } from '../../lib/use-action';

/** Reset by a mailed code: the address, then the code with the new password (no link to follow). */
export function ResetWithCode({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const { sentTo, setSentTo, code, setCode, send, sendCode } = useMailedCode('forget-password', () => reset.setError(null));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The page's own check, said under "Confirm password" only (the server was not asked).
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useAction((to: string) => auth.emailOtp.resetPassword({ email: to, otp: code, password }), { invalidates: [] });
  const issues = fieldErrors(reset.error);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void sendCode(email.trim());
  };
  const submitReset = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setMismatch(password !== confirm);
    if (password !== confirm) {
      reset.setError(null);
      return;
    }
    const { error } = await reset.run(sentTo);
    if (!error) setDone(true);
  };

  if (done) {
    return (
      <>
        <Notice>{t('reset.done')}</Notice>
        <p className="auth-alt">
          <Link to="/sign-in">{t('reset.goToSignIn')}</Link>
        </p>
      </>
    );
  }

  if (!sentTo) {
    return (
      <>
        <p className="muted">{t('forgot.codeIntro')}</p>
        <form onSubmit={submitEmail} className="form">
          <Field
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors(send.error).email}
          />
          <FormError error={send.error} fieldsShown />
          <button type="submit" className="primary wide" disabled={send.pending}>
            {t('forgot.sendCode')}
          </button>
        </form>
        <button type="button" className="link" onClick={onCancel}>
          {t('forgot.byLink')}
        </button>
      </>
    );
  }

  return (
    <>
      {/* The server answers the same for unknown addresses, so this must not claim an account exists. */}
      <Notice>{t('forgot.codeSent', { email: sentTo })}</Notice>
      <form onSubmit={submitReset} className="form">
        <CodeField value={code} onChange={setCode} />
        <PasswordField label={t('fields.newPassword')} autoComplete="new-password" value={password} onChange={setPassword} error={issues.password} />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(value) => {
            setConfirm(value);
            setMismatch(false);
          }}
          error={mismatch ? t('errors.passwordsDiffer') : undefined}
          announce
        />
        {issues.password ? <FormError error={reset.error} fieldsShown /> : <CodeError error={reset.error} />}
        <button type="submit" className="primary wide" disabled={reset.pending}>
          {t('reset.submit')}
        </button>
      </form>
      <div className="actions">
        <NewCodeButton error={reset.error} pending={send.pending} onClick={() => void sendCode(sentTo)} />
        <button type="button" className="link" onClick={() => setSentTo(null)}>
          {t('forgot.otherEmail')}
        </button>
      </div>
      <FormError error={send.error} />
    </>
  );
}
