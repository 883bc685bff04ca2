import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { Page } from '../../components/Page';
import { explainError } from '../../lib/error-codes';
import { isPasswordRefusal } from '../../lib/password-strength';
import { localError, useAction } from '../../lib/use-action';

/** Landing of the reset link: the server redirects here with ?token=… or ?error=INVALID_TOKEN. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const reset = useAction(() => auth.resetPassword({ newPassword, token: token ?? undefined }));

  if (linkError || !token) {
    return (
      <Page title="Reset password">
        <p role="alert" className="message error">
          {linkError === 'INVALID_TOKEN'
            ? 'This password reset link is invalid, has expired or was already used.'
            : linkError
              ? explainError(linkError)
              : 'This page needs the link from your password reset email.'}
        </p>
        <p>
          <Link to="/forgot-password">Request a new reset link</Link>
        </p>
        {linkError ? (
          <p className="muted">
            If you already chose a new password with this link, <Link to="/sign-in">sign in</Link> with it.
          </p>
        ) : null}
      </Page>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirm) {
      reset.setError(localError('The passwords do not match.'));
      return;
    }
    const { error } = await reset.run();
    if (!error) setDone(true);
  };

  if (done) {
    return (
      <Page title="Reset password">
        <Notice>Your password has been changed. You can now sign in with it.</Notice>
        <p>
          <Link to="/sign-in">Go to sign in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Reset password">
      <form onSubmit={submit} className="form">
        <NewPasswordField label="New password" value={newPassword} onChange={setNewPassword} error={reset.error} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        {isPasswordRefusal(reset.error) ? null : <ErrorMessage error={reset.error} />}
        <button type="submit" className="primary wide" disabled={reset.pending}>
          Reset password
        </button>
      </form>
      {/* Used or expired since the page opened: the way on is a new link. */}
      {reset.error?.code === 'INVALID_TOKEN' ? (
        <p>
          <Link to="/forgot-password">Request a new reset link</Link>
        </p>
      ) : null}
    </Page>
  );
}
