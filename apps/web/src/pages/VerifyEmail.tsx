import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { User } from '../auth';
import { useSession } from '../auth';
import { AuthPageSkeleton, Interstitial } from '../components/AuthCard';
import { ErrorDetails, Notice } from '../components/Messages';
import { ResendVerification } from '../components/ResendVerification';
import { VerifyByCode } from '../components/VerifyByCode';
import { explainError } from '../lib/error-codes';
import type { LinkKind } from '../lib/link-notice';
import { useLinkNotice } from '../lib/use-link-notice';

/**
 * Landing of verification and email-change links: the server redirects here (or to `/`,
 * which hands on), adding ?error=… when the link failed. The notice cookie says which link
 * it was; what is said about the address comes from the session, not from the URL.
 */
export function VerifyEmail() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const error = params.get('error');
  const notice = useLinkNotice();
  const { data, isPending } = useSession();
  const title = notice === 'change-email' ? t('verify.titleChange') : t('verify.title');

  if (isPending) return <AuthPageSkeleton />;
  const user = data?.user;
  return <Interstitial title={title}>{error ? <LinkFailed error={error} user={user} /> : <LinkAccepted notice={notice} user={user} />}</Interstitial>;
}

function LinkAccepted({ notice, user }: { notice: LinkKind | null; user: User | undefined }) {
  const { t } = useTranslation('auth');
  if (notice === 'change-email' && user) {
    return (
      <>
        <Notice>{t('verify.changed', { email: user.email })}</Notice>
        <p>{t('verify.verifyNew', { email: user.email })}</p>
        <p>
          <Link to="/account">{t('verify.openAccount')}</Link>
        </p>
      </>
    );
  }
  if (!user) {
    return (
      <>
        {notice === 'verify-email' ? <Notice>{t('verify.verified')}</Notice> : <p>{t('verify.accepted')}</p>}
        <p>{t('verify.canSignIn')}</p>
        <p>
          <Link to="/sign-in">{t('verify.goToSignIn')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {user.emailVerified ? <Notice>{t('verify.isVerified', { email: user.email })}</Notice> : <p>{t('verify.notVerified', { email: user.email })}</p>}
      {user.emailVerified ? null : (
        <>
          <ResendVerification email={user.email} />
          <VerifyByCode email={user.email} />
        </>
      )}
      <p>
        <Link to="/account">{t('verify.openAccount')}</Link>
      </p>
    </>
  );
}

/** What went wrong, in words, and the next step for each code /verify-email can send. */
function LinkFailed({ error, user }: { error: string; user: User | undefined }) {
  const { t } = useTranslation('auth');
  const problem = (
    <>
      <p role="alert" className="message error">
        {explainError(error)}
      </p>
      <ErrorDetails code={error} />
    </>
  );
  if (error === 'unauthorized') {
    // The code's general sentence assumes a session; say what is true here.
    return (
      <>
        <p role="alert" className="message error">
          {user ? t('verify.wrongUser', { email: user.email }) : t('verify.needSignIn')}
        </p>
        <ErrorDetails code={error} />
        <p>{t('verify.changeLink')}</p>
        {user ? null : (
          <p>
            <Link to="/sign-in">{t('verify.goToSignIn')}</Link>
          </p>
        )}
      </>
    );
  }
  if (error === 'couldnt_update_your_email') {
    return (
      <>
        {problem}
        <p>{t('verify.emailTaken')}</p>
        <p>
          <Link to="/account">{t('verify.openAccount')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      {problem}
      {user?.emailVerified ? (
        <p>{t('verify.alreadyVerified', { email: user.email })}</p>
      ) : (
        <>
          {error === 'invalid_token' ? <p>{t('verify.maybeDone')}</p> : null}
          <h2>{t('verify.sendNewTitle')}</h2>
          <p className="muted">{t('verify.sendNewIntro')}</p>
          <ResendVerification email={user?.email} />
          <VerifyByCode email={user?.email} />
        </>
      )}
      <p className="muted">
        {user ? (
          <Trans t={t} i18nKey="verify.restartChange" components={{ a: <Link to="/account" /> }} />
        ) : (
          <Trans t={t} i18nKey="verify.restartChangeSignIn" components={{ a: <Link to="/sign-in" /> }} />
        )}
      </p>
    </>
  );
}
