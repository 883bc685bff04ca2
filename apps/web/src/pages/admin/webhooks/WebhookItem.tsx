import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorMessage } from '../../../components/Messages';
import { useToast } from '../../../components/Toasts';
import { useAction } from '../../../lib/use-action';
import { Deliveries } from './Deliveries';
import { healthOf } from './health';
import { keys, queries } from '../../../lib/queries';
import { useQuery } from '@tanstack/react-query';

type Endpoint = NonNullable<Awaited<ReturnType<typeof auth.webhooks.list>>['data']>['endpoints'][number];

const HEALTH_BADGE = { healthy: 'ok', degraded: 'warn', failing: 'error', unknown: '' } as const;

/** One endpoint: its URL and events, "Deliveries" to open its log, "Disable"/"Enable", "Delete" after a confirmation. */
export function WebhookItem({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const remove = useAction(() => auth.webhooks.delete({ id: endpoint.id }), { invalidates: [keys.admin.webhooks] });
  const toggle = useAction(() => auth.webhooks.update({ id: endpoint.id, enabled: !endpoint.enabled }), { invalidates: [keys.admin.webhooks] });
  const configured = endpoint.source === 'config';
  // The same query as the delivery log's: one request serves both.
  const log = useQuery(queries.deliveries(endpoint.id));
  const { health, failed, tried } = healthOf(log.data?.deliveries ?? []);

  const onDelete = async () => {
    const { error } = await remove.run();
    setConfirm(false);
    if (!error) toast(t('webhooks.deleted', { url: endpoint.url }));
  };
  const onToggle = async () => {
    if (!(await toggle.run()).error) toast(t(endpoint.enabled ? 'webhooks.disabledDone' : 'webhooks.enabledDone', { url: endpoint.url }));
  };

  return (
    <section className="card webhook" aria-label={t('webhooks.region', { url: endpoint.url })}>
      <h2 className="webhook-url">
        <span className="mono">{endpoint.url}</span>
        {endpoint.enabled ? (
          <span className={`badge ${HEALTH_BADGE[health]}`} title={failed ? t('webhooks.healthDetail', { failed, count: tried }) : undefined}>
            {t(`webhooks.health.${health}`)}
          </span>
        ) : (
          <span className="badge warn">{t('webhooks.disabled')}</span>
        )}
        {configured ? <span className="badge">{t('webhooks.fromConfig')}</span> : null}
      </h2>
      <p className="muted">{t('webhooks.events', { list: endpoint.events.join(', ') })}</p>
      {endpoint.enabled && failed ? <p className="muted">{t('webhooks.healthDetail', { failed, count: tried })}</p> : null}
      <div className="actions">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('webhooks.hideDeliveries') : t('webhooks.deliveries')}
        </button>
        {configured ? null : (
          <>
            <button type="button" onClick={onToggle} disabled={toggle.pending}>
              {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
            </button>
            <button type="button" className="danger" onClick={() => setConfirm(true)}>
              {t('webhooks.delete')}
            </button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        title={t('webhooks.deleteTitle')}
        confirmLabel={t('webhooks.deleteConfirm')}
        cancelLabel={t('webhooks.keep')}
        destructive
        pending={remove.pending}
        onConfirm={onDelete}
        onCancel={() => setConfirm(false)}
      >
        <p>{t('webhooks.deleteBody', { url: endpoint.url })}</p>
      </ConfirmDialog>
      <ErrorMessage error={remove.error ?? toggle.error} />
      {open ? <Deliveries endpointId={endpoint.id} /> : null}
    </section>
  );
}
