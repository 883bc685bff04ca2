import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { AuthPage, AuthPageSkeleton } from '../components/AuthCard';
import { landingPage } from '../lib/landing';
import { useServerInfo } from '../lib/providers';
import { displayName } from '../lib/roles';
import { useLinkNotice } from '../lib/use-link-notice';

export function Home() {
  const { t } = useTranslation('auth');
  const { branding } = useServerInfo();
  const [params] = useSearchParams();
  const notice = useLinkNotice();
  const { data, isPending } = useSession();

  // A mailed link that named no callbackURL lands here: hand it to its own page.
  const landing = landingPage(params, notice);
  if (landing) return <Navigate to={landing} replace state={{ linkNotice: notice }} />;
  if (isPending) return <AuthPageSkeleton />;

  return (
    <AuthPage title={t('home.title', { name: branding.name })}>
      {data ? (
        <p>
          <Trans t={t} i18nKey="home.signedIn" values={{ name: displayName(data.user) }} components={{ strong: <strong /> }} />
        </p>
      ) : (
        <>
          <p className="muted auth-alt">{t('home.intro')}</p>
          <div className="stack">
            <Link className="button primary wide" to="/sign-in">
              {t('home.signIn')}
            </Link>
            <Link className="button wide" to="/sign-up">
              {t('home.signUp')}
            </Link>
          </div>
        </>
      )}
    </AuthPage>
  );
}
