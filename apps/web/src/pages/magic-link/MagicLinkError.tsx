import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../auth';
import { AuthPage, AuthPageSkeleton } from '../../components/AuthCard';
import { ErrorDetails } from '../../components/Messages';
import { explainMagicLinkFailure, newLinkHelps } from '../../lib/magic-link';
import { displayName } from '../../lib/roles';
import { useLinkNotice } from '../../lib/use-link-notice';
import { MagicLinkRequest } from './MagicLinkRequest';

/**
 * Where a sign-in link that did not work lands (`/magic-link/error?error=CODE`): what happened, in
 * words, and a form for a new link where one can help.
 */
export function MagicLinkError() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  useLinkNotice();
  const { data, isPending } = useSession();
  const code = params.get('error') ?? 'unknown_error';
  const { title, text } = explainMagicLinkFailure(code);

  if (isPending) return <AuthPageSkeleton />;
  return (
    <AuthPage title={title}>
      <p role="alert" className="message error">
        {text}
      </p>
      <ErrorDetails code={code} />
      {data ? (
        <>
          <p>
            <Trans t={t} i18nKey="magicLink.alreadySignedIn" values={{ name: displayName(data.user) }} components={{ strong: <strong /> }} />
          </p>
          <div className="actions">
            <Link className="button primary" to="/account">
              {t('magicLink.openAccount')}
            </Link>
          </div>
        </>
      ) : newLinkHelps(code) ? (
        <>
          <h2>{t('magicLink.newLink')}</h2>
          <MagicLinkRequest redirect="/account" />
          <p className="muted auth-alt">
            <Link to="/sign-in">{t('magicLink.otherWay')}</Link>
          </p>
        </>
      ) : (
        <p>
          <Link to="/sign-in">{t('magicLink.back')}</Link>
          {code === 'new_user_signup_disabled' ? (
            <>
              {' · '}
              <Link to="/sign-up">{t('magicLink.signUp')}</Link>
            </>
          ) : null}
        </p>
      )}
    </AuthPage>
  );
}
