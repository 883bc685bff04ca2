import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { Notice } from '../../components/Messages';
import { AuthPageSkeleton, Interstitial } from '../../components/AuthCard';
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
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useLinkNotice();
  const { data, isPending } = useSession();
  const redirect = safeRedirect(params.get('redirect'), '/account');
  const isNew = params.get('new') === '1';

  if (isPending) return <AuthPageSkeleton />;
  if (data) {
    return (
      <Interstitial title={t('magicLink.signedInTitle')}>
        <Notice>
          {isNew ? `${t('magicLink.created')} ` : ''}
          <Trans t={t} i18nKey="magicLink.signedInAs" values={{ name: displayName(data.user) }} components={{ strong: <strong /> }} />
        </Notice>
        <p>{t('magicLink.used')}</p>
        {isNew ? <p className="muted">{t('magicLink.addDetails')}</p> : null}
        <div className="actions">
          <Link className="button primary wide" to={redirect}>
            {t('magicLink.continue')}
          </Link>
        </div>
      </Interstitial>
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
      <Interstitial title={t('twoFactor.title')}>
        <p className="muted">{t('magicLink.secondStep')}</p>
        <TwoFactorChallenge onVerified={stay} onRestart={() => navigate('/sign-in', { replace: true })} />
      </Interstitial>
    );
  }
  return (
    <Interstitial title={t('magicLink.elsewhereTitle')}>
      <p>{t('magicLink.notSignedIn')}</p>
      <p>{t('magicLink.otherBrowser')}</p>
      <div className="actions">
        <Link className="button primary" to="/sign-in?method=magic-link">
          {t('magicLink.request')}
        </Link>
        <Link className="button" to="/sign-in">
          {t('magicLink.signIn')}
        </Link>
      </div>
    </Interstitial>
  );
}
