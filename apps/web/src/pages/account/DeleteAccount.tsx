import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { auth } from '../../auth';
import { PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/** Two steps on purpose: deleting an account cannot be undone. */
export function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [mailed, setMailed] = useState(false);
  const remove = useAction(() =>
    auth.deleteUser({ password: password || undefined, callbackURL: appURL('/account-deleted') }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await remove.run();
    if (!data) return;
    // With mail configured and no password, the server mails a confirmation link instead.
    if (data.message === 'Verification email sent') setMailed(true);
    else navigate('/', { replace: true });
  };

  return (
    <Section title="Delete account">
      <p>Deleting your account removes your profile, sessions and linked accounts for good.</p>
      {mailed ? (
        <Notice>Check your email: open the link we sent to confirm the deletion.</Notice>
      ) : !open ? (
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      ) : (
        <form onSubmit={submit} className="form">
          <PasswordField
            autoComplete="current-password"
            value={password}
            hint="Your password confirms it is you. Accounts without a password may leave it empty."
            onChange={setPassword}
            required={false}
          />
          <ErrorMessage error={remove.error} />
          <div className="actions">
            <button type="submit" className="danger" disabled={remove.pending}>
              Delete my account permanently
            </button>
            <button type="button" onClick={() => setOpen(false)} disabled={remove.pending}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
