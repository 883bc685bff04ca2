import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth';
import { CopySecretDialog } from '../../../components/CopySecretDialog';
import { ErrorMessage } from '../../../components/Messages';
import { Page } from '../../../components/Page';
import { EmptyState, SkeletonRows } from '../../../components/Placeholders';
import { useServerInfo } from '../../../lib/providers';
import { isAdmin } from '../../../lib/roles';
import { CreateWebhook } from './CreateWebhook';
import { WebhookItem } from './WebhookItem';
import { queries } from '../../../lib/queries';
import { refusalOf } from '../../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

/**
 * Admin › Webhooks: the registered endpoints, "Add webhook" (URL and events; the secret is shown
 * once, in the copy-once dialog the API keys use, closed by "I have saved it"), and per endpoint its
 * deliveries with "Redeliver". Each action loads again what it
 * changed (lib/queries.ts).
 */
export function WebhooksPage() {
  const { t } = useTranslation('admin');
  const { data } = useSession();
  const { features } = useServerInfo();
  const allowed = Boolean(data && isAdmin(data.user) && features.webhooks);
  const list = useQuery({ ...queries.webhooks(), enabled: allowed });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  if (!data) return null;
  if (!isAdmin(data.user)) {
    return (
      <Page title={t('webhooks.title')}>
        <p role="alert" className="message error">
          {t('adminsOnly')}
        </p>
      </Page>
    );
  }
  if (!features.webhooks) {
    return (
      <Page title={t('webhooks.title')}>
        <p className="muted">{t('webhooks.off')}</p>
      </Page>
    );
  }
  const endpoints = list.data?.endpoints ?? [];
  const addButton = (
    <button type="button" className="primary" onClick={() => setAdding(true)}>
      <Plus size={18} aria-hidden="true" />
      {t('webhooks.add')}
    </button>
  );
  return (
    <Page title={t('webhooks.title')}>
      <div className="admin-intro">
        <p className="muted">{t('webhooks.intro')}</p>
        {adding || endpoints.length === 0 ? null : addButton}
      </div>
      <CopySecretDialog
        open={created !== null}
        title={t('webhooks.secretRegion')}
        message={created ? `${t('webhooks.added', { url: created.url })} ${t('webhooks.secretOnce')}` : null}
        secrets={created ? [{ label: t('webhooks.secret'), value: created.secret, copyLabel: t('webhooks.copy') }] : []}
        onClose={() => setCreated(null)}
      />
      {adding ? (
        <CreateWebhook
          events={list.data?.events ?? []}
          onClose={() => setAdding(false)}
          onCreated={(url, secret) => {
            setAdding(false);
            setCreated({ url, secret });
          }}
        />
      ) : null}
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending && !list.data ? <SkeletonRows label={t('webhooks.loading')} rows={2} /> : null}
      {list.data && endpoints.length === 0 ? (
        <div className="card">
          <EmptyState icon={<Webhook size={28} />} title={t('webhooks.none')} action={adding ? null : addButton}>
            {t('webhooks.noneHint')}
          </EmptyState>
        </div>
      ) : null}
      {endpoints.map((endpoint) => (
        <WebhookItem key={endpoint.id} endpoint={endpoint} />
      ))}
    </Page>
  );
}
