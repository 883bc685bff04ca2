import type { MemberWithUser } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { useRoleName, useRoleOptions } from './RoleName';
import { useOrganizationRoles } from './custom-roles';
import { keys } from '../../lib/queries';

interface Props {
  member: MemberWithUser;
  organizationName: string;
  isSelf: boolean;
  canManage: boolean;
}

export function MemberRow({ member, organizationName, isSelf, canManage }: Props) {
  const { t } = useTranslation('org');
  const toast = useToast();
  const roleName = useRoleName();
  const roleOptions = useRoleOptions(useOrganizationRoles(member.organizationId));
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [role, setRole] = useState(member.role);
  // A role changes the members shown and what that member may do; a removal also their teams.
  const updateRole = useAction(() => auth.organization.updateMemberRole({ memberId: member.id, role, organizationId: member.organizationId }), {
    invalidates: [keys.organizations.full(member.organizationId), keys.organizations.permissions(member.organizationId)],
  });
  const remove = useAction(() => auth.organization.removeMember({ memberIdOrEmail: member.id, organizationId: member.organizationId }), {
    invalidates: [keys.organizations.one(member.organizationId)],
  });
  const who = member.user.name || member.user.email;

  const saveRole = async () => {
    const { error } = await updateRole.run();
    if (error) return;
    setEditing(false);
    toast(t('member.roleChanged', { name: who, role: roleName(role) }));
  };
  const onRemove = async () => {
    const { error } = await remove.run();
    setConfirmRemove(false);
    if (!error) toast(t('member.removed', { name: who, organization: organizationName }));
  };

  return (
    <li className="list-item member-row">
      <div className="member-who">
        <Avatar name={member.user.name} email={member.user.email} image={member.user.image} size={36} />
        <div>
          <p className="strong">
            {who} {isSelf ? <span className="badge">{t('member.you')}</span> : null}
          </p>
          <p className="muted">
            {member.user.email} · <span className="role">{roleName(member.role)}</span>
          </p>
        </div>
      </div>
      {canManage && !isSelf ? (
        <div className="actions">
          {editing ? (
            <>
              <Select label={t('member.newRole', { name: who })} value={role} options={roleOptions} onChange={setRole} />
              <button type="button" className="primary" onClick={saveRole} disabled={updateRole.pending}>
                {t('member.saveRole')}
              </button>
              <button type="button" onClick={() => setEditing(false)}>
                {t('member.cancel')}
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setEditing(true)}>
              {t('member.changeRole')}
            </button>
          )}
          <button type="button" className="danger" onClick={() => setConfirmRemove(true)} disabled={remove.pending}>
            {t('member.remove')}
          </button>
        </div>
      ) : null}
      <ErrorMessage error={updateRole.error ?? remove.error} />
      <ConfirmDialog
        open={confirmRemove}
        title={t('member.removeTitle', { name: who, organization: organizationName })}
        confirmLabel={t('member.removeConfirm')}
        destructive
        pending={remove.pending}
        onConfirm={onRemove}
        onCancel={() => setConfirmRemove(false)}
      >
        <p>{t('member.removeBody', { name: who })}</p>
      </ConfirmDialog>
    </li>
  );
}
