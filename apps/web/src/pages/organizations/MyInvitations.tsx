import type { UserInvitation } from '../../auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth, useSession } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useRoleName } from './RoleName';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/**
 * The invitations waiting for the signed-in person (sent to their address), each with Accept and
 * Reject, so that one opened without its mail is not lost. Nothing shows when there are none; an
 * unverified address is told to verify first (the server lists only to a verified address).
 */
export function MyInvitations() {
  const { t } = useTranslation('org');
  const heading = useId();
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const verified = session?.user.emailVerified ?? false;
  const list = useQuery({ ...queries.myInvitations(userId ?? ''), enabled: verified && userId !== null });

  if (!session) return null;
  if (!verified) {
    return (
      <p className="message">
        {t('mine.verifyFirst')} <Link to="/account">{t('mine.verifyLink')}</Link>
      </p>
    );
  }
  if (list.error) return <ErrorMessage error={refusalOf(list.error)} />;
  const invitations = list.data ?? [];
  if (invitations.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby={heading}>
      <h2 id={heading}>{t('mine.title')}</h2>
      <ul className="list invitation-list">
        {invitations.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function InvitationItem({ invitation }: { invitation: UserInvitation }) {
  const { t } = useTranslation('org');
  const toast = useToast();
  const roleName = useRoleName();
  const [busy, setBusy] = useState(false);
  const accept = useAction(() => auth.organization.acceptInvitation({ invitationId: invitation.id }), {
    // The person joins: their invitations, their organizations and that organization's members change.
    invalidates: [keys.invitations.all, keys.organizations.lists, keys.organizations.one(invitation.organizationId)],
  });
  const reject = useAction(() => auth.organization.rejectInvitation({ invitationId: invitation.id }), {
    invalidates: [keys.invitations.all, keys.organizations.full(invitation.organizationId)],
  });
  const name = invitation.organizationName;
  const values = { inviter: invitation.inviterEmail ?? '', role: roleName(invitation.role), date: formatDate(invitation.expiresAt) };

  const answer = async (action: typeof accept | typeof reject, done: string) => {
    setBusy(true);
    const { error } = await action.run();
    setBusy(false);
    if (!error) toast(done);
  };

  return (
    <li className="list-item">
      <div className="member-who">
        <Avatar name={name} email={invitation.organizationSlug} size={32} />
        <div>
          <p className="strong">{name}</p>
          <p className="muted">{invitation.inviterEmail ? t('mine.from', values) : t('mine.fromAnonymous', values)}</p>
          <ErrorMessage error={accept.error ?? reject.error} />
        </div>
      </div>
      <div className="actions">
        <button type="button" onClick={() => answer(accept, t('mine.accepted', { name }))} disabled={busy}>
          {t('mine.accept')}
          <span className="visually-hidden"> {t('mine.about', { name })}</span>
        </button>
        <button type="button" onClick={() => answer(reject, t('mine.rejected', { name }))} disabled={busy}>
          {t('mine.reject')}
          <span className="visually-hidden"> {t('mine.about', { name })}</span>
        </button>
      </div>
    </li>
  );
}
