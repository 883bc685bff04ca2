import type { Invitation } from '../../auth';
import { auth } from '../../auth';
import { Empty, ErrorMessage } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

export function Invitations({ invitations, canManage }: { invitations: Invitation[]; canManage: boolean }) {
  const cancel = useAction((invitationId: string) => auth.organization.cancelInvitation({ invitationId }));
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <div className="stack">
      <h3>Pending invitations</h3>
      {pending.length === 0 ? <Empty>No pending invitations.</Empty> : null}
      <ul className="list">
        {pending.map((invitation) => (
          <li key={invitation.id} className="list-item">
            <div>
              <p className="strong">{invitation.email}</p>
              <p className="muted">
                {invitation.role} · expires {formatDate(invitation.expiresAt)}
              </p>
            </div>
            {canManage ? (
              <button type="button" onClick={() => cancel.run(invitation.id)} disabled={cancel.pending}>
                Cancel invitation
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorMessage error={cancel.error} />
    </div>
  );
}
