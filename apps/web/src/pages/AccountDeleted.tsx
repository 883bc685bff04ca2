import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth';
import { AuthPage, AuthPageSkeleton } from '../components/AuthCard';
import { ErrorDetails, Notice } from '../components/Messages';
import { useServerInfo } from '../lib/providers';
import { useLinkNotice } from '../lib/use-link-notice';

/**
 * Landing of the delete-account link (the app's own callbackURL, or `/` handing on):
 * `?error=invalid_token` when the link was unknown, expired or already used.
 */
export function AccountDeleted() {
  const { t } = useTranslation('auth');
  const { branding } = useServerInfo();
  const [params] = useSearchParams();
  const error = params.get('error');
  // Consumed, so that the notice the deletion link left is not taken up again elsewhere.
  useLinkNotice();
  const { data, isPending } = useSession();

  if (isPending) return <AuthPageSkeleton />;
  if (error) {
    return (
      <AuthPage title={t('deleted.errorTitle')}>
        <p role="alert" className="message error">
          {t('deleted.invalid')}
        </p>
        <ErrorDetails code={error} />
        {data ? (
          <>
            <p>{t('deleted.stillExists', { email: data.user.email })}</p>
            <p>
              <Link to="/account">{t('deleted.openAccount')}</Link>
            </p>
          </>
        ) : (
          <>
            <p>{t('deleted.maybeDone')}</p>
            <p>
              <Link to="/sign-in?redirect=%2Faccount">{t('deleted.goToSignIn')}</Link>
            </p>
          </>
        )}
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('deleted.title')}>
      <Notice>{t('deleted.done')}</Notice>
      <p>{t('deleted.thanks', { name: branding.name })}</p>
      <div className="actions">
        <Link className="button" to="/sign-up">
          {t('deleted.signUp')}
        </Link>
        <Link className="button" to="/">
          {t('deleted.home')}
        </Link>
      </div>
    </AuthPage>
  );
}
