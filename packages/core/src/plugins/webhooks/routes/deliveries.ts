import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { publicDelivery, requireAdmin, requireEndpoint } from '../store.js';
import type { DeliveryRow } from '../worker.js';

/**
 * GET /webhooks/deliveries?id=&limit=&offset= (admins): an endpoint's deliveries, newest first,
 * paged (`limit` 1–100, default 50): `{ deliveries, total }`.
 */
export const listDeliveries = defineEndpoint({
  method: 'GET',
  path: '/webhooks/deliveries',
  requireSession: true,
  query: z.object({
    id: z.string().min(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  }),
  async handler(c) {
    requireAdmin(c);
    const { auth } = c;
    const endpoint = await requireEndpoint(auth, c.query.id);
    const where = [{ field: 'endpointId', value: endpoint.id }];
    const [rows, total] = await Promise.all([
      auth.adapter.findMany<DeliveryRow>('webhookDelivery', {
        where,
        sortBy: { field: 'createdAt', direction: 'desc' },
        limit: c.query.limit,
        offset: c.query.offset,
      }),
      auth.adapter.count('webhookDelivery', where),
    ]);
    return { deliveries: rows.map(publicDelivery), total };
  },
});
