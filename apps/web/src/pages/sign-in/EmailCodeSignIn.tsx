import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { CodeError, NewCodeButton } from '../../components/CodeError';
import { CodeField } from '../../components/CodeField';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { useMailedCode } from '../../lib/mailed-code';
import { useAction } from '../../lib/use-action';

interface Props {
  /** Called once signed in; `twoFactor` when the second factor is still due. */
  onSignedIn: (outcome: { twoFactor: boolean }) => void;
  /** Back to the password form. */
  onCancel: () => void;
}

/** Sign in with a code sent by email: the address, then the code from the mail. */
export function EmailCodeSignIn({ onSignedIn, onCancel }: Props) {
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
        <h2>Sign in with a code</h2>
        <form onSubmit={submitEmail} className="form">
          <p>We will send a one-time code to your email address.</p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <ErrorMessage error={send.error} />
          <button type="submit" className="primary wide" disabled={send.pending}>
            Send code
          </button>
        </form>
        <button type="button" className="link" onClick={onCancel}>
          Sign in with a password instead
        </button>
      </div>
    );
  }

  return (
    <div className="stack">
      <h2>Sign in with a code</h2>
      {/* The server answers the same for every address: say no more than that. */}
      <Notice>If {sentTo} can be used to sign in, a code is on its way to it. It is valid for a few minutes.</Notice>
      <form onSubmit={submitCode} className="form">
        <CodeField value={code} onChange={setCode} />
        <CodeError error={signIn.error} />
        <button type="submit" className="primary wide" disabled={signIn.pending}>
          Sign in
        </button>
      </form>
      <div className="actions">
        <NewCodeButton error={signIn.error} pending={send.pending} onClick={() => void sendCode(sentTo)} />
        <button type="button" className="link" onClick={() => setSentTo(null)}>
          Use another email
        </button>
        <button type="button" className="link" onClick={onCancel}>
          Sign in with a password instead
        </button>
      </div>
      <ErrorMessage error={send.error} />
    </div>
  );
}
