import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { type ResourceServer, ResourceServerDialog } from './ResourceServerDialog';

/**
 * Admin → APIs: the APIs registered as resource servers (RFC 8707), their scopes, token lifetime
 * and format; add and edit in a dialog, delete after a confirmation. Which application may ask
 * tokens for which API is on the Applications page (each application's settings).
 */
export function ResourceServersPage() {
  const { t } = useTranslation('sso');
  const servers = useQuery(queries.resourceServers());
  const [editing, setEditing] = useState<ResourceServer | 'new' | null>(null);
  const list = servers.data;
  return (
    <Page title={t('apis.pageTitle')}>
      <Section title={t('apis.listTitle')}>
        <p>{t('apis.intro')}</p>
        <ErrorMessage error={refusalOf(servers.error)} />
        {!list && !servers.error ? <Loading /> : null}
        {list && list.length === 0 ? <Empty>{t('apis.empty')}</Empty> : null}
        {list && list.length > 0 ? (
          <ul className="list">
            {list.map((server) => (
              <ResourceServerItem key={server.id} server={server} onEdit={() => setEditing(server)} />
            ))}
          </ul>
        ) : null}
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t('apis.add')}
          </button>
        </div>
      </Section>
      <ResourceServerDialog key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')} server={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}

function ResourceServerItem({ server, onEdit }: { server: ResourceServer; onEdit: () => void }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(() => auth.oauth2.deleteResourceServer({ id: server.id }), { invalidates: [keys.admin.resourceServers] });
  const onDelete = async () => {
    if (!(await remove.run()).error) {
      setConfirming(false);
      toast(t('apis.deleted', { api: server.name }));
    }
  };
  return (
    <li className="list-item">
      <div>
        <p className="strong">{server.name}</p>
        <p className="muted mono">{server.identifier}</p>
        <p className="muted">
          {server.scopes.length ? server.scopes.join(' ') : t('apis.noScopes')} ·{' '}
          {server.accessTokenFormat === 'jwt' ? 'JWT' : t('apis.formatOpaque').split(' (')[0]} · {t('apis.lifetime', { seconds: server.accessTokenTTL })}
        </p>
        <ErrorMessage error={confirming ? null : remove.error} />
      </div>
      <div className="actions">
        <button type="button" onClick={onEdit} aria-label={t('apis.editNamed', { api: server.name })}>
          {t('apis.edit')}
        </button>
        <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={t('apis.deleteNamed', { api: server.name })}>
          {t('apis.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('apis.confirmTitle', { api: server.name })}
        confirmLabel={t('apis.deleteApi')}
        destructive
        pending={remove.pending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('apis.confirmDelete')}</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </li>
  );
}
