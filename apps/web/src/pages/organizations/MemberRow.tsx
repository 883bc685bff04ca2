import type { MemberWithUser } from '../../auth';
import { useState } from 'react';
import { auth } from '../../auth';
import { Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useAction } from '../../lib/use-action';
import { ORGANIZATION_ROLES } from './roles';

interface Props {
  member: MemberWithUser;
  isSelf: boolean;
  canManage: boolean;
}

export function MemberRow({ member, isSelf, canManage }: Props) {
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState(member.role);
  const updateRole = useAction(() =>
    auth.organization.updateMemberRole({ memberId: member.id, role, organizationId: member.organizationId }),
  );
  const remove = useAction(() =>
    auth.organization.removeMember({ memberIdOrEmail: member.id, organizationId: member.organizationId }),
  );
  const who = member.user.name || member.user.email;

  const saveRole = async () => {
    const { error } = await updateRole.run();
    if (!error) setEditing(false);
  };

  return (
    <li className="list-item">
      <div>
        <p className="strong">
          {who} {isSelf ? <span className="badge">You</span> : null}
        </p>
        <p className="muted">
          {member.user.email} · <span className="role">{member.role}</span>
        </p>
      </div>
      {canManage && !isSelf ? (
        <div className="actions">
          {editing ? (
            <>
              <Select label={`New role for ${who}`} value={role} options={ORGANIZATION_ROLES} onChange={setRole} />
              <button type="button" className="primary" onClick={saveRole} disabled={updateRole.pending}>
                Save role
              </button>
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setEditing(true)}>
              Change role
            </button>
          )}
          <button type="button" className="danger" onClick={() => remove.run()} disabled={remove.pending}>
            Remove
          </button>
        </div>
      ) : null}
      <ErrorMessage error={updateRole.error ?? remove.error} />
    </li>
  );
}
