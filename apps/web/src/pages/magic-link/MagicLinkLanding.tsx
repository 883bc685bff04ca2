import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Loading, Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { LANDING } from '../../lib/magic-link';
import { safeRedirect } from '../../lib/redirect';
import { displayName } from '../../lib/roles';
import { useLinkNotice } from '../../lib/use-link-notice';
import { TwoFactorChallenge } from '../sign-in/TwoFactorChallenge';

/**
 * Where a sign-in link lands (`/magic-link`): the signed-in state (`?new=1` when the link made
 * the account), or, for a person with two-factor on (`?twoFactorRedirect=true`), the second
 * step. What it says about the person comes from the session, not from the URL.
 */
export function MagicLinkLanding() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useLinkNotice();
  const { data, isPending } = useSession();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const isNew = params.get('new') === '1';

  if (isPending) return <Loading />;
  if (data) {
    return (
      <Page title="You are signed in">
        <Notice>
          {isNew ? 'Your account has been created. ' : ''}You are signed in as{' '}
          <strong>{displayName(data.user)}</strong>.
        </Notice>
        <p>The link from your mail signed you in on this device. It cannot be used again.</p>
        {isNew ? (
          <p className="muted">
            You can add your name, and a password if you want one, in your account.
          </p>
        ) : null}
        <div className="actions">
          <Link className="button primary" to={redirect}>
            Continue
          </Link>
        </div>
      </Page>
    );
  }
  if (params.get('twoFactorRedirect') === 'true') {
    // Once the code is accepted the session view reloads (useAction) and the page above shows.
    const stay = () => {
      const next = new URLSearchParams(params);
      next.delete('twoFactorRedirect');
      navigate(`${LANDING}${next.size ? `?${next}` : ''}`, { replace: true });
    };
    return (
      <Page title="Sign in">
        <p>Your sign-in link was accepted. Your account is protected by two-factor authentication: one more step.</p>
        <TwoFactorChallenge onVerified={stay} onRestart={() => navigate('/sign-in', { replace: true })} />
      </Page>
    );
  }
  return (
    <Page title="Sign in by link">
      <p>You are not signed in on this device.</p>
      <p>
        A sign-in link signs in the browser it is opened in. If you opened it in another browser, you
        are signed in there; here, ask for a new link.
      </p>
      <div className="actions">
        <Link className="button primary" to="/sign-in?method=magic-link">
          Email me a sign-in link
        </Link>
        <Link className="button" to="/sign-in">
          Sign in
        </Link>
      </div>
    </Page>
  );
}
