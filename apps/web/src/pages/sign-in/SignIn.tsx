import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { safeRedirect } from '../../lib/redirect';
import { MagicLinkRequest } from '../magic-link/MagicLinkRequest';
import { MagicLinkSignIn } from './MagicLinkSignIn';
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
  const [byLink, setByLink] = useState(params.get('method') === 'magic-link');

  if (isPending) return <Loading />;
  if (data && !challenge) return <Navigate to={redirect} replace />;

  const done = () => navigate(redirect, { replace: true });
  const signUpLink = `/sign-up${params.get('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

  return (
    <Page title="Sign in">
      {challenge ? (
        <TwoFactorChallenge onVerified={done} onRestart={() => setChallenge(false)} />
      ) : byLink ? (
        <MagicLinkRequest
          redirect={redirect}
          autoFocus
          back={{ label: 'Sign in with a password instead', onClick: () => setByLink(false) }}
        />
      ) : (
        <>
          <SignInForm onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())} />
          <PasskeySignIn onSignedIn={done} />
          <MagicLinkSignIn onChoose={() => setByLink(true)} />
          <SocialButtons redirect={redirect} />
          <p className="muted">
            New here? <Link to={signUpLink}>Sign up</Link>
          </p>
        </>
      )}
    </Page>
  );
}
