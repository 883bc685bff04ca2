import { z } from 'zod';
import { defineEndpoint, type Row } from '../../../kit.js';
import { webhooks } from '../config.js';
import { webhooksError } from '../errors.js';
import { publicEndpoint, requireAdmin, requireEndpoint, validEvents, validUrl } from '../store.js';
import type { EndpointRow } from '../worker.js';

/**
 * POST /webhooks/update {id, url?, events?, enabled?} (admins): changes an endpoint made in the
 * console (a configured one is changed in the configuration). Answers the endpoint.
 */
export const updateWebhook = defineEndpoint({
  method: 'POST',
  path: '/webhooks/update',
  requireSession: true,
  body: z.object({
    id: z.string().min(1),
    url: z.string().min(1).max(2000).optional(),
    events: z.array(z.string().min(1).max(100)).min(1).max(100).optional(),
    enabled: z.boolean().optional(),
  }),
  async handler(c) {
    requireAdmin(c);
    const { auth } = c;
    const row = await requireEndpoint(auth, c.body.id);
    if (row.source === 'config') throw webhooksError('BAD_REQUEST', 'WEBHOOK_FROM_CONFIGURATION');
    const data: Row = {};
    if (c.body.url !== undefined) data.url = validUrl(webhooks(auth).config, c.body.url);
    if (c.body.events !== undefined) data.events = validEvents(auth, c.body.events);
    if (c.body.enabled !== undefined) data.enabled = c.body.enabled;
    const updated = await auth.adapter.update<EndpointRow>('webhookEndpoint', [{ field: 'id', value: row.id }], data);
    if (!updated) throw webhooksError('NOT_FOUND', 'WEBHOOK_NOT_FOUND');
    await auth.audit.record(c, 'webhook.update', { details: { webhookId: row.id, ...data } });
    return publicEndpoint(updated);
  },
});
