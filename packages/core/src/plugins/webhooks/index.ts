import { definePlugin } from '../../kit.js';
import { resolveWebhooksOptions, useWebhooks, type WebhooksOptions } from './config.js';
import { WEBHOOKS_ERRORS } from './errors.js';
import { availableEvents, type EventSink, eventHooks } from './events.js';
import { createWebhook } from './routes/create.js';
import { listDeliveries } from './routes/deliveries.js';
import { deleteWebhook } from './routes/delete.js';
import { listWebhooks } from './routes/list.js';
import { redeliverWebhook } from './routes/redeliver.js';
import { updateWebhook } from './routes/update.js';
import { webhooksSchema } from './schema.js';
import { syncConfiguredEndpoints } from './store.js';
import { DeliveryWorker } from './worker.js';
import { WEBHOOKS_MESSAGES } from './translations.js';

export type { WebhooksAuditEvent } from './audit-events.js';
export type { ConfiguredEndpoint, WebhooksOptions, WebhooksService } from './config.js';
export { secretKey, signature } from './signature.js';

/** The webhooks routes with their precise types (route-types.ts derives the client's from them). */
export const webhooksRoutes = [createWebhook, listWebhooks, updateWebhook, deleteWebhook, listDeliveries, redeliverWebhook] as const;

/**
 * Webhooks: admins register endpoints (or the configuration names them); writes to the user,
 * session, account, organization, member, invitation and passkey tables become events, queued
 * in the database by after-commit database hooks and sent by a worker in this process, signed
 * per Standard Webhooks and retried with backoff for about a day.
 */
export function webhooksPlugin(options: WebhooksOptions = {}) {
  const config = resolveWebhooksOptions(options);
  let worker: DeliveryWorker | undefined;
  const sink: EventSink = { queued: () => worker?.wake() };
  return definePlugin({
    id: 'webhooks',
    features: { webhooks: true },
    schema: webhooksSchema,
    endpoints: webhooksRoutes,
    errors: WEBHOOKS_ERRORS,
    messages: WEBHOOKS_MESSAGES,
    databaseHooks: eventHooks(sink),
    // Read by the metrics plugin at each scrape, when it runs.
    gauges: [
      {
        name: 'gatehouse_webhook_queue_depth',
        help: 'Webhook deliveries waiting to be sent or retried',
        read: (auth) => auth.adapter.count('webhookDelivery', [{ field: 'status', value: 'pending' }]),
      },
    ],
    async init(auth) {
      sink.logger = auth.logger;
      const events = availableEvents(auth.schema);
      await syncConfiguredEndpoints(auth, config, events);
      const w = new DeliveryWorker(auth, config);
      worker = w;
      useWebhooks(auth, { config, events, deliverDue: () => w.deliverDue(), prune: () => w.prune(), wake: () => w.wake() });
      w.start();
    },
    async close() {
      await worker?.close();
    },
  });
}
