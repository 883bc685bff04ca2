import { defineEndpoint } from '../../../kit.js';
import { webhooks } from '../config.js';
import { publicEndpoint, requireAdmin } from '../store.js';
import type { EndpointRow } from '../worker.js';

/** GET /webhooks/list (admins): `{ endpoints, events }`, the endpoints oldest first (no secrets) and the event types on offer. */
export const listWebhooks = defineEndpoint({
  method: 'GET',
  path: '/webhooks/list',
  requireSession: true,
  async handler(c) {
    requireAdmin(c);
    const rows = await c.auth.adapter.findMany<EndpointRow>('webhookEndpoint', { sortBy: { field: 'createdAt', direction: 'asc' } });
    return { endpoints: rows.map(publicEndpoint), events: [...webhooks(c.auth).events] };
  },
});
