import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { AuthPage } from '../../components/AuthCard';
import { PasswordField } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Notice } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { explainError } from '../../lib/error-codes';
import { fieldErrors } from '../../lib/field-errors';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useAction } from '../../lib/use-action';

/** Landing of the reset link: the server redirects here with ?token=… or ?error=INVALID_TOKEN. */
export function ResetPassword() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The page's own check, said under "Confirm password" only (the server was not asked).
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useAction(() => auth.resetPassword({ newPassword, token: token ?? undefined }), { invalidates: [] });
  const issues = fieldErrors(reset.error);

  if (linkError || !token) {
    return (
      <AuthPage title={t('reset.title')}>
        <p role="alert" className="message error">
          {linkError === 'INVALID_TOKEN' ? t('reset.invalidLink') : linkError ? explainError(linkError) : t('reset.noToken')}
        </p>
        <p>
          <Link to="/forgot-password">{t('reset.requestNew')}</Link>
        </p>
        {linkError ? (
          <p className="muted">
            <Trans t={t} i18nKey="reset.alreadyChosen" components={{ a: <Link to="/sign-in" /> }} />
          </p>
        ) : null}
      </AuthPage>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMismatch(newPassword !== confirm);
    if (newPassword !== confirm) {
      reset.setError(null);
      return;
    }
    const { error } = await reset.run();
    if (!error) setDone(true);
  };

  if (done) {
    return (
      <AuthPage title={t('reset.title')}>
        <Notice>{t('reset.done')}</Notice>
        <p className="auth-alt">
          <Link to="/sign-in">{t('reset.goToSignIn')}</Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('reset.title')}>
      <form onSubmit={submit} className="form">
        <NewPasswordField label={t('fields.newPassword')} value={newPassword} onChange={setNewPassword} error={reset.error} issue={issues.newPassword} />
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
        {isPasswordRefusal(reset.error) ? null : <FormError error={reset.error} fieldsShown />}
        <button type="submit" className="primary wide" disabled={reset.pending}>
          {t('reset.submit')}
        </button>
      </form>
      {/* Used or expired since the page opened: the way on is a new link. */}
      {reset.error?.code === 'INVALID_TOKEN' ? (
        <p>
          <Link to="/forgot-password">{t('reset.requestNew')}</Link>
        </p>
      ) : null}
    </AuthPage>
  );
}
