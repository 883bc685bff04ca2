import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { AuthPage, AuthPageSkeleton } from '../../components/AuthCard';
import { useServerInfo } from '../../lib/providers';
import { displayName } from '../../lib/roles';
import { appURL, isInvitationPath, safeRedirect } from '../../lib/redirect';
import { EmailCodeSignIn } from './EmailCodeSignIn';
import { MagicLinkRequest } from '../magic-link/MagicLinkRequest';
import { MagicLinkSignIn } from './MagicLinkSignIn';
import { PasskeySignIn } from './PasskeySignIn';
import { SignInForm } from './SignInForm';
import { SocialButtons } from './SocialButtons';
import { SsoSignIn } from './SsoSignIn';
import { TwoFactorChallenge } from './TwoFactorChallenge';

export function SignIn() {
  const { t } = useTranslation('auth');
  const { t: tSso } = useTranslation('enterprise');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const navigate = useNavigate();
  const { data, isPending } = useSession();
  const info = useServerInfo();
  const { features, socialProviders } = info;
  const [challenge, setChallenge] = useState(false);
  const [byCode, setByCode] = useState(false);
  const [byLink, setByLink] = useState(params.get('method') === 'magic-link');
  // "Other ways to sign in": a mailed code or link, folded under the password form.
  const [otherWays, setOtherWays] = useState(false);
  // "Sign in with SSO" (enterprise SSO on): chosen here, or back from the identity provider with a refusal.
  const [bySso, setBySso] = useState(params.get('method') === 'sso');
  const ssoError =
    params.get('method') === 'sso' && params.get('error') ? { code: params.get('error') ?? '', description: params.get('error_description') } : null;
  const wantsToAdd = params.get('add') === '1';
  // An application asked for a fresh sign-in (OpenID `prompt=login`, `max_age`): the form stays though signed in.
  const reauth = params.get('reauth') === '1';

  // Until the server said which ways in it has, the card's shape: its buttons then appear at once, nothing jumps.
  if (isPending || info.isPending) return <AuthPageSkeleton />;
  // "Add another account" (the account menu): signed in, the form stays; the new account joins this browser's.
  const adding = wantsToAdd && info.features.multiSession && !!data;
  if (data && !challenge && !adding && !reauth) return <Navigate to={redirect} replace />;

  const done = () => navigate(redirect, { replace: true });
  const signUpQuery = new URLSearchParams();
  if (params.get('redirect')) signUpQuery.set('redirect', redirect);
  if (adding) signUpQuery.set('add', '1');
  const signUpLink = `/sign-up${signUpQuery.size ? `?${signUpQuery}` : ''}`;

  return (
    <AuthPage
      title={
        challenge
          ? t('twoFactor.title')
          : byCode
            ? t('emailCode.title')
            : bySso && features.sso
              ? tSso('signIn.title')
              : adding
                ? t('signIn.addTitle')
                : t('signIn.title')
      }
    >
      {reauth && data && !challenge ? <p className="muted">{t('signIn.reauth')}</p> : null}
      {adding && data && !challenge ? (
        <p className="muted">
          {t('signIn.adding', { name: displayName(data.user) })} <Link to={redirect}>{t('signIn.cancel')}</Link>
        </p>
      ) : null}
      {challenge ? (
        <TwoFactorChallenge onVerified={done} onRestart={() => setChallenge(false)} />
      ) : byCode ? (
        <EmailCodeSignIn onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())} onCancel={() => setByCode(false)} />
      ) : bySso && features.sso ? (
        <SsoSignIn redirect={redirect} flowError={ssoError} onCancel={() => setBySso(false)} />
      ) : byLink ? (
        <MagicLinkRequest redirect={redirect} autoFocus back={{ label: t('signIn.passwordInstead'), onClick: () => setByLink(false) }} />
      ) : (
        <>
          {/* Providers first: a social provider, a passkey, the company's SSO are one click. */}
          {features.passkey || features.sso || socialProviders.length > 0 ? (
            <div className="social providers">
              <SocialButtons redirect={redirect} />
              <PasskeySignIn onSignedIn={done} />
              {features.sso ? (
                <button type="button" className="wide" onClick={() => setBySso(true)}>
                  {tSso('signIn.choose')}
                </button>
              ) : null}
              <p className="divider">{t('signIn.or')}</p>
            </div>
          ) : null}
          <SignInForm
            onSignedIn={({ twoFactor }) => (twoFactor ? setChallenge(true) : done())}
            onUseCode={features.emailOTP ? () => setByCode(true) : undefined}
            verifyCallbackURL={isInvitationPath(redirect) ? appURL(redirect) : undefined}
          />
          {/* The mailed ways in (a code, a link) behind "Other ways to sign in", opened below the form: nothing above moves. */}
          {features.emailOTP || features.magicLink ? (
            <div className="social other-ways">
              <button type="button" className="link other-ways-toggle" aria-expanded={otherWays} onClick={() => setOtherWays(!otherWays)}>
                {t('signIn.otherWays')}
                <ChevronDown aria-hidden="true" size={16} className="chevron" />
              </button>
              {otherWays ? (
                <>
                  {features.emailOTP ? (
                    <button type="button" className="wide" onClick={() => setByCode(true)}>
                      {t('signIn.emailCode')}
                    </button>
                  ) : null}
                  <MagicLinkSignIn onChoose={() => setByLink(true)} />
                </>
              ) : null}
            </div>
          ) : null}
          <p className="muted auth-alt">
            {t('signIn.newHere')} <Link to={signUpLink}>{t('signIn.signUp')}</Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}
