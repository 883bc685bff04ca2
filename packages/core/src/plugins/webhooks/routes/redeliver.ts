import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { webhooks } from '../config.js';
import { webhooksError } from '../errors.js';
import { publicDelivery, requireAdmin } from '../store.js';
import type { DeliveryRow } from '../worker.js';

/**
 * POST /webhooks/redeliver {deliveryId} (admins): queues a settled delivery (succeeded or failed)
 * again, as a new delivery of the same message (same `webhook-id` and body), due now. Answers
 * the new delivery. A pending one is refused: it is being retried already.
 */
export const redeliverWebhook = defineEndpoint({
  method: 'POST',
  path: '/webhooks/redeliver',
  requireSession: true,
  body: z.object({ deliveryId: z.string().min(1) }),
  async handler(c) {
    requireAdmin(c);
    const { auth } = c;
    const row = await auth.adapter.findOne<DeliveryRow>('webhookDelivery', [{ field: 'id', value: c.body.deliveryId }]);
    if (!row) throw webhooksError('NOT_FOUND', 'DELIVERY_NOT_FOUND');
    if (row.status === 'pending') throw webhooksError('BAD_REQUEST', 'DELIVERY_STILL_PENDING');
    const again = await auth.adapter.create<DeliveryRow>(
      'webhookDelivery',
      {
        endpointId: row.endpointId,
        messageId: row.messageId,
        eventType: row.eventType,
        payload: row.payload,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(auth.now()),
      },
      { hooks: false },
    );
    webhooks(auth).wake();
    return publicDelivery(again!);
  },
});
