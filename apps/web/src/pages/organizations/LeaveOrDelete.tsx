import type { FullOrganization } from '../../auth';
import { useState } from 'react';
import { auth } from '../../auth';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';

/** Leaving, and for owners deleting, the active organization. */
export function LeaveOrDelete({ organization, isOwner }: { organization: FullOrganization; isOwner: boolean }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const leave = useAction(() => auth.organization.leave({ organizationId: organization.id }));
  const remove = useAction(() => auth.organization.delete({ organizationId: organization.id }));
  return (
    <div className="stack">
      <div className="actions">
        <button type="button" onClick={() => leave.run()} disabled={leave.pending}>
          Leave organization
        </button>
        {isOwner && !confirmDelete ? (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete organization
          </button>
        ) : null}
      </div>
      {confirmDelete ? (
        <div className="confirm">
          <p>Delete {organization.name} with all its members and invitations? This cannot be undone.</p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => remove.run()} disabled={remove.pending}>
              Yes, delete {organization.name}
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
      <ErrorMessage error={leave.error ?? remove.error} />
    </div>
  );
}
