import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { displayName } from '../../lib/roles';
import { safeRedirect } from '../../lib/redirect';
import { PasskeySignIn } from './PasskeySignIn';
import { SignInForm } from './SignInForm';
import { SocialButtons } from './SocialButtons';
import { TwoFactorChallenge } from './TwoFactorChallenge';

export function SignIn() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const navigate = useNavigate();
  const { data, isPending } = useSession();
  const [challenge, setChallenge] = useState(false);
  const info = useServerInfo();
  const wantsToAdd = params.get('add') === '1';

  if (isPending || (wantsToAdd && info.isPending)) return <Loading />;
  // "Add another account" (the account menu): signed in, the form stays; the new account joins this browser's.
  const adding = wantsToAdd && info.features.multiSession && !!data;
  if (data && !challenge && !adding) return <Navigate to={redirect} replace />;

  const done = () => navigate(redirect, { replace: true });
  const signUpQuery = new URLSearchParams();
  if (params.get('redirect')) signUpQuery.set('redirect', redirect);
  if (adding) signUpQuery.set('add', '1');
  const signUpLink = `/sign-up${signUpQuery.size ? `?${signUpQuery}` : ''}`;

  return (
    <Page title={adding ? 'Add another account' : 'Sign in'}>
      {adding && data && !challenge ? (
        <p className="muted">
          You stay signed in as {displayName(data.user)}: the account you sign in with now is added to this browser,
          and the account menu switches between them. <Link to={redirect}>Cancel</Link>
        </p>
      ) : null}
      {challenge ? (
        <TwoFactorChallenge onVerified={done} onRestart={() => setChallenge(false)} />
      ) : (
        <>
          <SignInForm onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())} />
          <PasskeySignIn onSignedIn={done} />
          <SocialButtons redirect={redirect} />
          <p className="muted">
            New here? <Link to={signUpLink}>Sign up</Link>
          </p>
        </>
      )}
    </Page>
  );
}
