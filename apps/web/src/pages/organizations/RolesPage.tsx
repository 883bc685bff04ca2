import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { OrganizationSettings } from './OrganizationSettings';
import { PermissionGrid, usePermissionLabel } from './PermissionGrid';
import { permissionKeys, permissionOf, useCan } from './permissions';

interface Role {
  id: string;
  role: string;
  permission: Record<string, string[]>;
}

/** The active organization's own roles: listing, creating, changing their permissions, deleting. */
export function RolesPage() {
  const { t } = useTranslation('teams');
  return (
    <OrganizationSettings title={t('roles.title')} enabled={(f) => f.organizationRoles}>
      {(organization) => <Roles organization={organization} />}
    </OrganizationSettings>
  );
}

/** What a change to a role changes: the roles, and what their holders may do (the permission checks, the role pickers). */
const rolesChanged = (organizationId: string) => [keys.organizations.roles(organizationId), keys.organizations.permissions(organizationId)];

function Roles({ organization }: { organization: FullOrganization }) {
  const { t } = useTranslation('teams');
  const heading = useId();
  const canRead = useCan(organization.id, { ac: ['read'] });
  const can = {
    create: useCan(organization.id, { ac: ['create'] }),
    update: useCan(organization.id, { ac: ['update'] }),
    remove: useCan(organization.id, { ac: ['delete'] }),
  };
  const roles = useQuery({ ...queries.roles(organization.id), enabled: canRead });
  return (
    <>
      <p className="muted">{t('roles.intro', { organization: organization.name })}</p>
      {can.create ? <CreateRole organizationId={organization.id} /> : null}
      <section className="card stack" aria-labelledby={heading}>
        <h2 id={heading}>{t('roles.listTitle', { organization: organization.name })}</h2>
        {canRead ? null : <p className="muted">{t('roles.cannotRead')}</p>}
        <ErrorMessage error={refusalOf(roles.error)} />
        {roles.data && roles.data.length === 0 ? <Empty>{t('roles.none')}</Empty> : null}
        <ul className="list">
          {((roles.data ?? []) as Role[]).map((role) => (
            <RoleItem key={role.id} role={role} organizationId={organization.id} can={can} />
          ))}
        </ul>
      </section>
    </>
  );
}

function CreateRole({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('teams');
  const heading = useId();
  const toast = useToast();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const create = useAction(() => auth.organization.createRole({ role: name.trim(), permission: permissionOf(selected), organizationId }), {
    invalidates: rolesChanged(organizationId),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (!data) return;
    toast(t('roles.created', { name: data.roleData.role }));
    setName('');
    setSelected(new Set());
  };
  return (
    <section className="card" aria-labelledby={heading}>
      <form onSubmit={submit} className="form">
        <h2 id={heading}>{t('roles.createTitle')}</h2>
        <ErrorMessage error={create.error} />
        <Field label={t('roles.name')} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <PermissionGrid selected={selected} onChange={setSelected} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('roles.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

function RoleItem({ role, organizationId, can }: { role: Role; organizationId: string; can: { update: boolean; remove: boolean } }) {
  const { t } = useTranslation('teams');
  const toast = useToast();
  const label = usePermissionLabel();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(permissionKeys(role.permission)));
  const save = useAction(() => auth.organization.updateRole({ roleId: role.id, organizationId, data: { permission: permissionOf(selected) } }), {
    invalidates: rolesChanged(organizationId),
  });
  const remove = useAction(() => auth.organization.deleteRole({ roleId: role.id, organizationId }), { invalidates: rolesChanged(organizationId) });
  const granted = Object.entries(role.permission).flatMap(([resource, actions]) => actions.map((action) => label(resource, action)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await save.run()).error) return;
    setEditing(false);
    toast(t('roles.saved', { name: role.role }));
  };
  const confirmRemove = async () => {
    const { error } = await remove.run();
    setAsking(false);
    if (!error) toast(t('roles.deleted', { name: role.role }));
  };

  return (
    <li className="list-item settings-item">
      <div>
        <h3>{role.role}</h3>
        <p className="muted">{granted.length ? granted.join(', ') : t('roles.nothing')}</p>
      </div>
      <ErrorMessage error={remove.error} />
      <div className="actions">
        {can.update && !editing ? (
          <button type="button" onClick={() => setEditing(true)}>
            {t('roles.edit')}
            <span className="visually-hidden"> {role.role}</span>
          </button>
        ) : null}
        {can.remove ? (
          <button type="button" className="danger" onClick={() => setAsking(true)} disabled={remove.pending}>
            {t('roles.delete')}
            <span className="visually-hidden"> {role.role}</span>
          </button>
        ) : null}
      </div>
      {editing ? (
        <form onSubmit={submit} className="form">
          <ErrorMessage error={save.error} />
          <PermissionGrid selected={selected} onChange={setSelected} />
          <div className="actions">
            <button type="submit" className="primary" disabled={save.pending}>
              {t('roles.save')}
            </button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('roles.deleteTitle', { name: role.role })}
        confirmLabel={t('roles.delete')}
        destructive
        pending={remove.pending}
        onConfirm={confirmRemove}
        onCancel={() => setAsking(false)}
      >
        <p>{t('roles.deleteBody')}</p>
      </ConfirmDialog>
    </li>
  );
}
