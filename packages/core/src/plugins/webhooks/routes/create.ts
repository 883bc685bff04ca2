import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { webhooks } from '../config.js';
import { newSecret } from '../signature.js';
import { publicEndpoint, requireAdmin, validEvents, validSecret, validUrl } from '../store.js';
import type { EndpointRow } from '../worker.js';

/**
 * POST /webhooks/create {url, events, secret?} (admins): registers an endpoint. Answers the
 * endpoint and its `secret` (the one given, or a new one): the only time it is shown.
 */
export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/webhooks/create',
  requireSession: true,
  body: z.object({
    url: z.string().min(1).max(2000),
    events: z.array(z.string().min(1).max(100)).min(1).max(100),
    secret: z.string().min(1).max(200).optional(),
  }),
  async handler(c) {
    requireAdmin(c);
    const { auth } = c;
    const url = validUrl(webhooks(auth).config, c.body.url);
    const events = validEvents(auth, c.body.events);
    const secret = c.body.secret === undefined ? newSecret() : validSecret(c.body.secret);
    const row = await auth.adapter.create<EndpointRow>('webhookEndpoint', {
      url,
      events,
      secret: auth.encrypter.encrypt(secret),
      enabled: true,
      source: 'console',
    });
    await auth.audit.record(c, 'webhook.create', { details: { webhookId: row!.id, url, events } });
    return { ...publicEndpoint(row!), secret };
  },
});
