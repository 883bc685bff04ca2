import { useState } from 'react';
import { auth } from '../../../auth';
import { ErrorMessage } from '../../../components/Messages';
import { useAction } from '../../../lib/use-action';
import { Deliveries } from './Deliveries';

type Endpoint = NonNullable<Awaited<ReturnType<typeof auth.webhooks.list>>['data']>['endpoints'][number];

/** One endpoint: its URL and events, "Deliveries" to open its log, "Disable"/"Enable", "Delete" after a confirmation. */
export function WebhookItem({ endpoint }: { endpoint: Endpoint }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const remove = useAction(() => auth.webhooks.delete({ id: endpoint.id }));
  const toggle = useAction(() => auth.webhooks.update({ id: endpoint.id, enabled: !endpoint.enabled }));
  const configured = endpoint.source === 'config';

  return (
    <section className="card" aria-label={`Webhook ${endpoint.url}`}>
      <h2 className="webhook-url">
        {endpoint.url}
        {endpoint.enabled ? null : <span className="badge warn">Disabled</span>}
        {configured ? <span className="badge">From configuration</span> : null}
      </h2>
      <p className="muted">Events: {endpoint.events.join(', ')}</p>
      <div className="actions">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {configured ? null : (
          <>
            <button type="button" onClick={() => toggle.run()} disabled={toggle.pending}>
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" className="danger" onClick={() => setConfirm(true)} disabled={confirm}>
              Delete
            </button>
          </>
        )}
      </div>
      {confirm ? (
        <div className="confirm">
          <p>Delete the webhook for {endpoint.url} and its delivery log? Pending deliveries will not be sent.</p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => remove.run()} disabled={remove.pending}>
              Yes, delete webhook
            </button>
            <button type="button" onClick={() => setConfirm(false)} disabled={remove.pending}>
              Keep webhook
            </button>
          </div>
        </div>
      ) : null}
      <ErrorMessage error={remove.error ?? toggle.error} />
      {open ? <Deliveries endpointId={endpoint.id} /> : null}
    </section>
  );
}
