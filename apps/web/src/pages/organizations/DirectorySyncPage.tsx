import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { OrganizationSettings } from './OrganizationSettings';

/**
 * The active organization's directory sync (SCIM): the endpoint URL to give Okta or Entra ID, a
 * token per directory (made, shown once, replaced or revoked). Owners and admins only; others are
 * told so by the server's refusal.
 */
export function DirectorySyncPage() {
  const { t } = useTranslation('directory');
  return (
    <OrganizationSettings title={t('title')} enabled={(f) => f.scim === true}>
      {(organization) => <DirectorySync organization={organization} />}
    </OrganizationSettings>
  );
}

type Connection = {
  providerId: string;
  organizationId: string;
  createdAt: string;
  endpoint: string;
  lastRequest: { at: string; request: string; status: number } | null;
};

function DirectorySync({ organization }: { organization: FullOrganization }) {
  const { t } = useTranslation('directory');
  const heading = useId();
  const connections = useQuery(queries.scim(organization.id));
  const error = refusalOf(connections.error);
  const [shown, setShown] = useState<{ providerId: string; token: string } | null>(null);
  const list: Connection[] = connections.data?.connections ?? [];
  const endpoint = list[0]?.endpoint ?? `${window.location.origin}/api/auth/scim/v2`;
  const refused = error?.status === 403;
  if (refused) {
    return (
      <>
        <p className="muted">{t('intro', { organization: organization.name })}</p>
        <p className="muted">{t('ownersOnly')}</p>
      </>
    );
  }
  return (
    <>
      <p className="muted">{t('intro', { organization: organization.name })}</p>
      <section className="card stack" aria-labelledby={heading}>
        <h2 id={heading}>{t('endpointTitle')}</h2>
        <CopyField label={t('endpoint')} copyLabel={t('copyEndpoint')} value={endpoint} />
        <p className="muted">{t('endpointHelp')}</p>
        {connections.data ? <GroupsBecome groups={connections.data.groups} /> : null}
      </section>
      <CopySecretDialog
        open={shown !== null}
        title={t('tokenTitle')}
        message={shown ? t('tokenOnce', { providerId: shown.providerId }) : null}
        secrets={shown ? [{ label: t('token'), value: shown.token, copyLabel: t('copyToken') }] : []}
        onClose={() => setShown(null)}
      />
      <Connections organizationId={organization.id} list={list} error={error} onToken={setShown} />
      <CreateConnection organizationId={organization.id} onToken={setShown} />
    </>
  );
}

/** What the directory's Groups become here (the server's `scim.groups`), in words. */
function GroupsBecome({ groups }: { groups: { teams: boolean; roles: Readonly<Record<string, unknown>> } }) {
  const { t } = useTranslation('directory');
  const roles = Object.entries(groups.roles);
  if (!groups.teams && !roles.length) return <p className="muted">{t('groups.plain')}</p>;
  return (
    <div className="stack">
      <h3>{t('groups.title')}</h3>
      {groups.teams ? <p>{t('groups.teams')}</p> : null}
      {roles.length ? (
        <>
          <p>{t('groups.roles')}</p>
          <ul>
            {roles.map(([group, role]) => (
              <li key={group}>{t('groups.role', { group, role: String(role) })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Connections({
  organizationId,
  list,
  error,
  onToken,
}: {
  organizationId: string;
  list: Connection[];
  error: Parameters<typeof ErrorMessage>[0]['error'];
  onToken: (shown: { providerId: string; token: string } | null) => void;
}) {
  const { t } = useTranslation('directory');
  const heading = useId();
  return (
    <section className="card stack" aria-labelledby={heading}>
      <h2 id={heading}>{t('connectionsTitle')}</h2>
      <ErrorMessage error={error} />
      {list.length === 0 && !error ? <Empty>{t('none')}</Empty> : null}
      <ul className="list">
        {list.map((c) => (
          <ConnectionItem key={c.providerId} organizationId={organizationId} connection={c} onToken={onToken} />
        ))}
      </ul>
    </section>
  );
}

function ConnectionItem({
  organizationId,
  connection,
  onToken,
}: {
  organizationId: string;
  connection: Connection;
  onToken: (shown: { providerId: string; token: string } | null) => void;
}) {
  const { t } = useTranslation('directory');
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const { providerId } = connection;
  const replace = useAction(() => auth.scim.generateToken({ providerId, organizationId }), { invalidates: [keys.organizations.scim(organizationId)] });
  const revoke = useAction(() => auth.scim.revokeToken({ providerId, organizationId }), { invalidates: [keys.organizations.scim(organizationId)] });
  const onReplace = async () => {
    onToken(null);
    const { data } = await replace.run();
    if (data) onToken({ providerId, token: data.scimToken });
  };
  const onRevoke = async () => {
    const { data } = await revoke.run();
    setAsking(false);
    if (data) {
      onToken(null);
      toast(t('revoked', { providerId }));
    }
  };
  return (
    <li className="list-item settings-item">
      <h3>{providerId}</h3>
      <p className="muted">{t('since', { date: new Date(connection.createdAt).toLocaleString() })}</p>
      <p>
        {connection.lastRequest
          ? t('lastRequest', {
              date: new Date(connection.lastRequest.at).toLocaleString(),
              request: connection.lastRequest.request,
              status: connection.lastRequest.status,
            })
          : t('noRequests')}
      </p>
      <div className="actions">
        <button type="button" onClick={onReplace} disabled={replace.pending} aria-label={t('replaceFor', { providerId })}>
          {t('replace')}
        </button>
        <button type="button" className="danger" onClick={() => setAsking(true)} aria-label={t('revokeFor', { providerId })}>
          {t('revoke')}
        </button>
      </div>
      <ErrorMessage error={replace.error ?? revoke.error} />
      <ConfirmDialog
        open={asking}
        title={t('revokeTitle', { providerId })}
        confirmLabel={t('revoke')}
        destructive
        pending={revoke.pending}
        onConfirm={onRevoke}
        onCancel={() => setAsking(false)}
      >
        <p>{t('revokeBody')}</p>
      </ConfirmDialog>
    </li>
  );
}

function CreateConnection({ organizationId, onToken }: { organizationId: string; onToken: (shown: { providerId: string; token: string } | null) => void }) {
  const { t } = useTranslation('directory');
  const heading = useId();
  const [providerId, setProviderId] = useState('');
  const create = useAction(() => auth.scim.generateToken({ providerId: providerId.trim(), organizationId }), {
    invalidates: [keys.organizations.scim(organizationId)],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onToken(null);
    const { data } = await create.run();
    if (!data) return;
    onToken({ providerId: providerId.trim(), token: data.scimToken });
    setProviderId('');
  };
  return (
    <section className="card" aria-labelledby={heading}>
      <form onSubmit={submit} className="form">
        <h2 id={heading}>{t('createTitle')}</h2>
        <Field
          label={t('providerId')}
          value={providerId}
          required
          maxLength={128}
          placeholder="okta"
          hint={t('providerIdHelp')}
          error={fieldErrors(create.error).providerId}
          onChange={(e) => setProviderId(e.target.value)}
        />
        <ErrorMessage error={create.error} fieldsShown />
        <button type="submit" className="primary" disabled={create.pending}>
          {t('create')}
        </button>
      </form>
    </section>
  );
}
