import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { CodeError, NewCodeButton } from '../../components/CodeError';
import { CodeField } from '../../components/CodeField';
import { Field, PasswordField } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { useMailedCode } from '../../lib/mailed-code';
import { localError, useAction } from '../../lib/use-action';

/** Reset by a mailed code: the address, then the code with the new password (no link to follow). */
export function ResetWithCode({ onCancel }: { onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const { sentTo, setSentTo, code, setCode, send, sendCode } = useMailedCode('forget-password', () => reset.setError(null));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const reset = useAction((to: string) => auth.emailOtp.resetPassword({ email: to, otp: code, password }));

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void sendCode(email.trim());
  };
  const submitReset = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (password !== confirm) {
      reset.setError(localError('The passwords do not match.'));
      return;
    }
    const { error } = await reset.run(sentTo);
    if (!error) setDone(true);
  };

  if (done) {
    return (
      <>
        <Notice>Your password has been changed. You can now sign in with it.</Notice>
        <p>
          <Link to="/sign-in">Go to sign in</Link>
        </p>
      </>
    );
  }

  if (!sentTo) {
    return (
      <>
        <p>Enter the email address of your account and we will send you a code to choose a new password.</p>
        <form onSubmit={submitEmail} className="form">
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <ErrorMessage error={send.error} />
          <button type="submit" className="primary wide" disabled={send.pending}>
            Send code
          </button>
        </form>
        <button type="button" className="link" onClick={onCancel}>
          Get a reset link instead
        </button>
      </>
    );
  }

  return (
    <>
      {/* The server answers the same for unknown addresses, so this must not claim an account exists. */}
      <Notice>If an account exists for {sentTo}, a code has been sent to it.</Notice>
      <form onSubmit={submitReset} className="form">
        <CodeField value={code} onChange={setCode} />
        <PasswordField label="New password" autoComplete="new-password" value={password} onChange={setPassword} />
        <PasswordField label="Confirm password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
        <CodeError error={reset.error} />
        <button type="submit" className="primary wide" disabled={reset.pending}>
          Reset password
        </button>
      </form>
      <div className="actions">
        <NewCodeButton error={reset.error} pending={send.pending} onClick={() => void sendCode(sentTo)} />
        <button type="button" className="link" onClick={() => setSentTo(null)}>
          Use another email
        </button>
      </div>
      <ErrorMessage error={send.error} />
    </>
  );
}
