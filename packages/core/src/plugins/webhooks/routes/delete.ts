import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { webhooksError } from '../errors.js';
import { requireAdmin, requireEndpoint } from '../store.js';

/** POST /webhooks/delete {id} (admins): removes an endpoint made in the console and its deliveries. Answers `{ success: true }`. */
export const deleteWebhook = defineEndpoint({
  method: 'POST',
  path: '/webhooks/delete',
  requireSession: true,
  body: z.object({ id: z.string().min(1) }),
  async handler(c) {
    requireAdmin(c);
    const { auth } = c;
    const row = await requireEndpoint(auth, c.body.id);
    if (row.source === 'config') throw webhooksError('BAD_REQUEST', 'WEBHOOK_FROM_CONFIGURATION');
    await auth.adapter.transaction(async (trx) => {
      await trx.delete('webhookDelivery', [{ field: 'endpointId', value: row.id }]);
      await trx.delete('webhookEndpoint', [{ field: 'id', value: row.id }]);
    });
    await auth.audit.record(c, 'webhook.delete', { details: { webhookId: row.id, url: row.url } });
    return { success: true };
  },
});
