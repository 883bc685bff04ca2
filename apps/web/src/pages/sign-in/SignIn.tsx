import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { safeRedirect } from '../../lib/redirect';
import { useServerInfo } from '../../lib/providers';
import { EmailCodeSignIn } from './EmailCodeSignIn';
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
  const [byCode, setByCode] = useState(false);
  const { features } = useServerInfo();

  if (isPending) return <Loading />;
  if (data && !challenge) return <Navigate to={redirect} replace />;

  const done = () => navigate(redirect, { replace: true });
  const signUpLink = `/sign-up${params.get('redirect') ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;

  return (
    <Page title="Sign in">
      {challenge ? (
        <TwoFactorChallenge onVerified={done} onRestart={() => setChallenge(false)} />
      ) : byCode ? (
        <EmailCodeSignIn
          onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())}
          onCancel={() => setByCode(false)}
        />
      ) : (
        <>
          <SignInForm
            onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())}
            onUseCode={features.emailOTP ? () => setByCode(true) : undefined}
          />
          {features.emailOTP ? (
            <div className="social">
              <p className="divider">or</p>
              <button type="button" className="wide" onClick={() => setByCode(true)}>
                Email me a code
              </button>
            </div>
          ) : null}
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
