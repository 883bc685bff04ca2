import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { auth, useSession } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Loading, Notice } from '../../components/Messages';
import { NewPasswordField } from '../../components/NewPasswordField';
import { Page } from '../../components/Page';
import { isPasswordRefusal } from '../../lib/password-strength';
import { useServerInfo } from '../../lib/providers';
import { appURL, safeRedirect } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { UsernameField } from './UsernameField';

export function SignUp() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const navigate = useNavigate();
  const { features, isPending: infoPending } = useServerInfo();
  const { data: session, isPending } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [withUsername, setWithUsername] = useState(false);
  const [username, setUsername] = useState('');
  const [needsVerification, setNeedsVerification] = useState(false);
  const signUp = useAction(() =>
    auth.signUp.email({
      name: name.trim(),
      email: email.trim(),
      password,
      callbackURL: appURL('/verify-email'),
      ...(withUsername && username.trim() ? { username: username.trim() } : {}),
    }),
  );

  const wantsToAdd = params.get('add') === '1';

  if (isPending || (wantsToAdd && infoPending)) return <Loading />;
  // Signing up from "Add another account" keeps the accounts already signed in here.
  const adding = wantsToAdd && features.multiSession && !!session;
  if (session && !adding) return <Navigate to={redirect} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await signUp.run();
    if (!data) return;
    // No token: the server wants a verified email before the first sign-in.
    // `signedUp` lets the landing page offer the next step (the account page offers a passkey).
    if (data.token) navigate(redirect, { replace: true, state: { signedUp: true } });
    else setNeedsVerification(true);
  };

  if (needsVerification) {
    return (
      <Page title="Sign up">
        <Notice>
          Your account was created. Your email address must be verified before you can sign in:
          open the verification link sent to {email.trim()}.
        </Notice>
        <p>
          <Link to="/sign-in">Go to sign in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Sign up">
      <form onSubmit={submit} className="form">
        <Field label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <NewPasswordField value={password} onChange={setPassword} error={signUp.error} userInputs={[name, email]} />
        {features.username && withUsername ? <UsernameField value={username} onChange={setUsername} /> : null}
        {features.username && !withUsername ? (
          <button type="button" className="link" onClick={() => setWithUsername(true)}>
            Also choose a username (optional)
          </button>
        ) : null}
        {isPasswordRefusal(signUp.error) ? null : <ErrorMessage error={signUp.error} />}
        <button type="submit" className="primary wide" disabled={signUp.pending}>
          Sign up
        </button>
      </form>
      <p className="muted">
        Already have an account? <Link to={`/sign-in?redirect=${encodeURIComponent(redirect)}`}>Sign in</Link>
      </p>
    </Page>
  );
}
