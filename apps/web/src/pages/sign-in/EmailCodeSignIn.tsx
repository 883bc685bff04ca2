import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CodeError, NewCodeButton } from '../../components/CodeError';
import { CodeField } from '../../components/CodeField';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { useMailedCode } from '../../lib/mailed-code';
import { useAction } from '../../lib/use-action';

interface Props {
  /** Called once signed in; `twoFactor` when the second factor is still due. */
  onSignedIn: (outcome: { twoFactor: boolean }) => void;
  /** Back to the password form. */
  onCancel: () => void;
}

/** Sign in with a code sent by email: the address, then the code from the mail (its page is titled `emailCode.title`). */
export function EmailCodeSignIn({ onSignedIn, onCancel }: Props) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const { sentTo, setSentTo, code, setCode, send, sendCode } = useMailedCode('sign-in', () => signIn.setError(null));
  const signIn = useAction((to: string) => auth.signIn.emailOtp({ email: to, otp: code }));

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void sendCode(email.trim());
  };
  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const { data } = await signIn.run(sentTo);
    if (data) onSignedIn({ twoFactor: 'twoFactorRedirect' in data && data.twoFactorRedirect });
  };

  if (!sentTo) {
    return (
      <div className="stack">
        <form onSubmit={submitEmail} className="form">
          <p>{t('emailCode.intro')}</p>
          <Field label={t('fields.email')} type="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          <FormError error={send.error} />
          <button type="submit" className="primary wide" disabled={send.pending}>
            {t('emailCode.send')}
          </button>
        </form>
        <button type="button" className="link" onClick={onCancel}>
          {t('signIn.passwordInstead')}
        </button>
      </div>
    );
  }

  return (
    <div className="stack">
      {/* The server answers the same for every address: say no more than that. */}
      <Notice>{t('emailCode.sent', { email: sentTo })}</Notice>
      <form onSubmit={submitCode} className="form">
        <CodeField value={code} onChange={setCode} />
        <CodeError error={signIn.error} />
        <button type="submit" className="primary wide" disabled={signIn.pending}>
          {t('emailCode.submit')}
        </button>
      </form>
      <div className="actions">
        <NewCodeButton error={signIn.error} pending={send.pending} onClick={() => void sendCode(sentTo)} />
        <button type="button" className="link" onClick={() => setSentTo(null)}>
          {t('emailCode.otherEmail')}
        </button>
        <button type="button" className="link" onClick={onCancel}>
          {t('signIn.passwordInstead')}
        </button>
      </div>
      <FormError error={send.error} />
    </div>
  );
}
