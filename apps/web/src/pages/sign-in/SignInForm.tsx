import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { Checkbox, Field, PasswordField } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useServerInfo } from '../../lib/providers';
import { useAction } from '../../lib/use-action';

interface Props {
  /** Called after a password sign-in; `twoFactor` when a second step is needed. */
  onSignedIn: (outcome: { twoFactor: boolean }) => void;
  /** Offered when email codes are on: sign in with a mailed code instead (it verifies the address too). */
  onUseCode?: () => void;
}

export function SignInForm({ onSignedIn, onUseCode }: Props) {
  const { features } = useServerInfo();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const signIn = useAction(async () => {
    // Without an "@" the person typed a username.
    if (features.username && !identifier.includes('@')) {
      return auth.signIn.username({ username: identifier.trim(), password, rememberMe });
    }
    return auth.signIn.email({ email: identifier.trim(), password, rememberMe });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await signIn.run();
    if (data) onSignedIn({ twoFactor: 'twoFactorRedirect' in data && data.twoFactorRedirect });
  };

  return (
    <form onSubmit={submit} className="form">
      <Field
        label={features.username ? 'Email or username' : 'Email'}
        type={features.username ? 'text' : 'email'}
        // With passkeys on, the browser offers them among this field's suggestions (conditional UI).
        autoComplete={features.passkey ? 'username webauthn' : 'username'}
        required
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div className="row between">
        <Checkbox label="Remember me" checked={rememberMe} onChange={setRememberMe} />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <ErrorMessage error={signIn.error} />
      {/* The refused sign-in has just mailed a fresh link, which lands on the verification page. */}
      {signIn.error?.code === 'EMAIL_NOT_VERIFIED' ? (
        <p className="message">
          We sent a new verification link to your email address: open it, then sign in.
          {onUseCode ? (
            <>
              {' '}
              Or sign in with a code sent by email, which verifies it too:{' '}
              <button type="button" className="link" onClick={onUseCode}>
                Email me a code
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <button type="submit" className="primary wide" disabled={signIn.pending}>
        Sign in
      </button>
    </form>
  );
}
