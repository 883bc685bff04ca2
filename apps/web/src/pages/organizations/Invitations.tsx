import type { Invitation } from '../../auth';
import { useId } from 'react';
import { auth } from '../../auth';
import { Empty, ErrorMessage } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

/** The invitations still waiting for an answer; an expired one says so (it can no longer be accepted). */
export function Invitations({ invitations, canManage }: { invitations: Invitation[]; canManage: boolean }) {
  const heading = useId();
  const cancel = useAction((invitationId: string) => auth.organization.cancelInvitation({ invitationId }));
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <div className="stack">
      <h3 id={heading}>Pending invitations</h3>
      {pending.length === 0 ? <Empty>No pending invitations.</Empty> : null}
      {pending.length > 0 ? (
        <ul className="list" aria-labelledby={heading}>
          {pending.map((invitation) => {
            const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
            return (
              <li key={invitation.id} className="list-item">
                <div>
                  <p className="strong">{invitation.email}</p>
                  <p className="muted">
                    {invitation.role} · {expired ? 'expired' : 'expires'} {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                {canManage ? (
                  <button type="button" onClick={() => cancel.run(invitation.id)} disabled={cancel.pending}>
                    Cancel<span className="visually-hidden"> invitation to {invitation.email}</span>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ErrorMessage error={cancel.error} />
    </div>
  );
}
