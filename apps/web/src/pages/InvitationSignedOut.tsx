import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Interstitial } from '../components/AuthCard';
import { Avatar } from '../components/Avatar';
import { ErrorMessage, Notice } from '../components/Messages';
import { SkeletonRows } from '../components/Placeholders';
import { useLinkNotice } from '../lib/use-link-notice';
import { useRoleName } from './organizations/RoleName';
import { queries } from '../lib/queries';
import { refusalOf } from '../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/**
 * The invitation page before its reader signs in, in the interstitial frame: its context line says
 * who invited them to which organization, as what (the server's public preview, nothing more), and
 * the ways in follow, each leading back here.
 * It is also where the verification link of a sign-up made on the way lands (`?error=` when that
 * link failed).
 */
export function InvitationSignedOut({ id }: { id: string }) {
  const { t } = useTranslation('org');
  const roleName = useRoleName();
  const [params] = useSearchParams();
  const linkError = params.get('error');
  const notice = useLinkNotice();
  const preview = useQuery(queries.invitationPreview(id));
  const previewError = refusalOf(preview.error);
  const details = preview.data;
  const gone = previewError?.code === 'INVITATION_NOT_FOUND';
  const back = encodeURIComponent(`/accept-invitation/${id}`);
  // Just verified: signing in is what is left; otherwise most readers have no account yet.
  const verified = notice === 'verify-email' && !linkError;
  const signIn = (
    <Link className={verified ? 'button primary' : 'button'} to={`/sign-in?redirect=${back}`}>
      {t('accept.signIn')}
    </Link>
  );
  const signUp = (
    <Link className={verified ? 'button' : 'button primary'} to={`/sign-up?redirect=${back}`}>
      {t('accept.signUp')}
    </Link>
  );

  // The preview names the inviter (never their address: the id in the mail link is all the reader holds).
  const context = details
    ? details.inviterName
      ? t('accept.invitedYou', { inviter: details.inviterName, name: details.organizationName, role: roleName(details.role) })
      : t('accept.invitedYouAnonymously', { name: details.organizationName, role: roleName(details.role) })
    : undefined;

  return (
    <Interstitial title={details ? t('accept.titleFor', { name: details.organizationName }) : t('accept.title')} context={context}>
      {verified ? <Notice>{t('accept.verifiedSignIn')}</Notice> : null}
      {linkError ? (
        <div role="alert" className="message error">
          <p>{t('accept.linkFailed')}</p>
          <p>
            <Link to={`/verify-email?error=${encodeURIComponent(linkError)}`}>{t('accept.sendNewLink')}</Link>
          </p>
        </div>
      ) : null}
      {details ? (
        <div className="invitation-context">
          <Avatar name={details.organizationName} email={details.organizationName} size={48} />
          <p>{details.organizationName}</p>
        </div>
      ) : gone ? (
        <p role="alert" className="message error">
          {t('accept.unusable')}
        </p>
      ) : preview.error ? (
        // Not an answer about the invitation (no connection, too many requests): the ways in stay.
        <ErrorMessage error={previewError} />
      ) : (
        <SkeletonRows label={t('accept.loading')} rows={1} avatar />
      )}
      {gone ? (
        // Nothing left to answer: signing in is still offered, as a plain way on.
        <div className="actions">
          <Link className="button" to="/sign-in">
            {t('accept.signIn')}
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">{t('accept.howToAnswer')}</p>
          <div className="actions">
            {verified ? (
              <>
                {signIn}
                {signUp}
              </>
            ) : (
              <>
                {signUp}
                {signIn}
              </>
            )}
          </div>
        </>
      )}
    </Interstitial>
  );
}
