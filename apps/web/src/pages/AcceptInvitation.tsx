import type { Invitation } from '../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { auth, useSession } from '../auth';
import { Avatar } from '../components/Avatar';
import { ErrorMessage, Notice } from '../components/Messages';
import { Interstitial } from '../components/AuthCard';
import { SkeletonRows } from '../components/Placeholders';
import { formatDate } from '../lib/format';
import { useAction } from '../lib/use-action';
import { InvitationSignedOut } from './InvitationSignedOut';
import { useRoleName } from './organizations/RoleName';
import { keys, queries } from '../lib/queries';
import { refusalOf } from '../lib/query-client';
import { useQuery } from '@tanstack/react-query';

type Status = Invitation['status'];
const STATUSES = new Set<string>(['pending', 'accepted', 'rejected', 'canceled']);
const isKnownStatus = (s: string): s is 'pending' | 'accepted' | 'rejected' | 'canceled' => STATUSES.has(s);

/** Landing of the invitation mail's link: /accept-invitation/{invitationId}. */
export function AcceptInvitation() {
  const { t } = useTranslation('org');
  const roleName = useRoleName();
  const { id = '' } = useParams();
  const { data: session, isPending } = useSession();
  const userId = session?.user.id;
  const invitation = useQuery({ ...queries.invitation(id, userId ?? ''), enabled: Boolean(userId) });
  const invitationError = refusalOf(invitation.error);
  const [outcome, setOutcome] = useState<Status | null>(null);
  // Answering changes the person's invitations and organizations, and (accepted) that organization's members.
  const accept = useAction(() => auth.organization.acceptInvitation({ invitationId: id }), {
    invalidates: [keys.invitations.all, keys.organizations.lists, ...(invitation.data ? [keys.organizations.one(invitation.data.organizationId)] : [])],
  });
  const reject = useAction(() => auth.organization.rejectInvitation({ invitationId: id }), {
    invalidates: [keys.invitations.all, ...(invitation.data ? [keys.organizations.full(invitation.data.organizationId)] : [])],
  });

  if (isPending) return <SkeletonRows label={t('accept.loading')} rows={2} />;
  if (!session) return <InvitationSignedOut id={id} />;
  if (invitationError?.code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION') {
    return <WrongAccount email={session.user.email} />;
  }
  if (invitationError) {
    return (
      <Interstitial exit={{ to: '/organizations', label: t('accept.yourOrganizations') }} title={t('accept.title')}>
        <ErrorMessage error={invitationError} />
      </Interstitial>
    );
  }
  const details = invitation.data;
  if (!details) return <SkeletonRows label={t('accept.loading')} rows={2} />;

  const onAccept = async () => {
    if (!(await accept.run()).error) setOutcome('accepted');
  };
  const onReject = async () => {
    if (!(await reject.run()).error) setOutcome('rejected');
  };
  const busy = accept.pending || reject.pending;
  const organization = details.organizationName;
  // "Ada Lovelace invited you to Acme Robotics as Admin": the inviter by name, else by email.
  const inviter = details.inviterName || details.inviterEmail;
  const context = inviter
    ? t('accept.invitedYou', { inviter, name: organization, role: roleName(details.role) })
    : t('accept.invitedYouAnonymously', { name: organization, role: roleName(details.role) });

  return (
    <Interstitial exit={{ to: '/organizations', label: t('accept.yourOrganizations') }} title={t('accept.join', { name: organization })} context={context}>
      <div className="card invitation-card">
        <Avatar name={organization} email={details.organizationSlug} size={56} />
        <p>{t('accept.sentTo', { email: details.email })}</p>
        <p className="muted">{t('accept.expires', { date: formatDate(details.expiresAt) })}</p>
        {outcome === 'accepted' ? (
          <>
            <Notice>{t('accept.accepted', { name: organization })}</Notice>
            <Link className="button primary" to="/organizations">
              {t('accept.open', { name: organization })}
            </Link>
          </>
        ) : outcome === 'rejected' ? (
          <Notice>{t('accept.rejected')}</Notice>
        ) : details.status !== 'pending' ? (
          <p>{isKnownStatus(details.status) ? t(`accept.status.${details.status}`) : details.status}</p>
        ) : (
          <div className="actions">
            <button type="button" className="primary" onClick={onAccept} disabled={busy}>
              {t('accept.accept')}
            </button>
            <button type="button" onClick={onReject} disabled={busy}>
              {t('accept.reject')}
            </button>
          </div>
        )}
        <ErrorMessage error={accept.error ?? reject.error} />
      </div>
    </Interstitial>
  );
}

/**
 * Signed in as someone the invitation was not sent to: say so, and offer to sign out, after
 * which this page asks for the right account (it stays on the invitation).
 */
function WrongAccount({ email }: { email: string }) {
  const { t } = useTranslation('org');
  // Once signed out, the session view changes and this page shows the invitation to a signed-out reader.
  const signOut = useAction(() => auth.signOut(), { invalidates: [] });
  return (
    <Interstitial exit={{ to: '/organizations', label: t('accept.yourOrganizations') }} title={t('accept.title')}>
      <div className="card invitation-card">
        <p role="alert" className="message error">
          {t('accept.wrongAccount', { email })}
        </p>
        <p>{t('accept.wrongAccountHint')}</p>
        <button type="button" className="primary" onClick={() => signOut.run()} disabled={signOut.pending}>
          {t('accept.signOut')}
        </button>
        <ErrorMessage error={signOut.error} />
      </div>
    </Interstitial>
  );
}
