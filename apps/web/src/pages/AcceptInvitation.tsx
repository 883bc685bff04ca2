import type { Invitation } from '../auth';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuthQuery } from '@gatehouse/react';
import { auth, useSession } from '../auth';
import { ErrorMessage, Loading, Notice } from '../components/Messages';
import { Page } from '../components/Page';
import { formatDate } from '../lib/format';
import { useAction } from '../lib/use-action';

/** Landing of the invitation mail's link: /accept-invitation/{invitationId}. */
export function AcceptInvitation() {
  const { id = '' } = useParams();
  const { data: session, isPending } = useSession();
  const userId = session?.user.id;
  const invitation = useAuthQuery(userId ? `${id}:${userId}` : null, () =>
    auth.organization.getInvitation({ id }),
  );
  const [outcome, setOutcome] = useState<Invitation['status'] | null>(null);
  const accept = useAction(() => auth.organization.acceptInvitation({ invitationId: id }));
  const reject = useAction(() => auth.organization.rejectInvitation({ invitationId: id }));

  if (isPending) return <Loading />;
  if (!session) {
    const back = encodeURIComponent(`/accept-invitation/${id}`);
    return (
      <Page title="Invitation">
        <p>Sign in with the email address the invitation was sent to, then you can accept or reject it.</p>
        <div className="actions">
          <Link className="button primary" to={`/sign-in?redirect=${back}`}>
            Sign in
          </Link>
          <Link className="button" to={`/sign-up?redirect=${back}`}>
            Sign up
          </Link>
        </div>
      </Page>
    );
  }
  if (invitation.error) {
    return (
      <Page title="Invitation">
        <ErrorMessage error={invitation.error} />
      </Page>
    );
  }
  const details = invitation.data;
  if (!details) return <Loading />;

  const onAccept = async () => {
    if (!(await accept.run()).error) setOutcome('accepted');
  };
  const onReject = async () => {
    if (!(await reject.run()).error) setOutcome('rejected');
  };
  const busy = accept.pending || reject.pending;

  return (
    <Page title={`Join ${details.organizationName}`}>
      <p>
        {details.inviterEmail} invited {details.email} to join <strong>{details.organizationName}</strong>{' '}
        as {details.role}. The invitation expires {formatDate(details.expiresAt)}.
      </p>
      {outcome === 'accepted' ? (
        <Notice>You are now a member of {details.organizationName}; it is your active organization.</Notice>
      ) : outcome === 'rejected' ? (
        <Notice>You rejected the invitation.</Notice>
      ) : details.status !== 'pending' ? (
        <p>This invitation is {details.status}.</p>
      ) : (
        <div className="actions">
          <button type="button" className="primary" onClick={onAccept} disabled={busy}>
            Accept
          </button>
          <button type="button" onClick={onReject} disabled={busy}>
            Reject
          </button>
        </div>
      )}
      <ErrorMessage error={accept.error ?? reject.error} />
    </Page>
  );
}
