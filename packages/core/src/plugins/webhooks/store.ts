import { APIError, type AuthContext, type EndpointContext, isAdministrator, type UserRow } from '../../kit.js';
import { webhooks, type ConfiguredEndpoint, type WebhooksConfig } from './config.js';
import { WEBHOOKS_ERRORS, webhooksError } from './errors.js';
import { secretKey } from './signature.js';
import { checkWebhookUrl } from './url-guard.js';
import type { DeliveryRow, EndpointRow } from './worker.js';

/** 403 unless the caller is an admin (as the admin plugin decides; without it, nobody is). */
export function requireAdmin(c: Pick<EndpointContext, 'auth'> & { session: { user: Record<string, unknown> } }): void {
  if (!isAdministrator(c.auth, c.session.user as UserRow)) throw webhooksError('FORBIDDEN', 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
}

/** The URL as saved, or a 400 saying what is wrong with it. */
export function validUrl(config: WebhooksConfig, url: string): string {
  const problem = checkWebhookUrl(url, config.allowPrivateNetworks);
  if (problem) throw webhooksError('BAD_REQUEST', problem);
  return new URL(url).href;
}

/** The events, each one this instance can send (else 400 naming it), without repeats. */
export function validEvents(auth: AuthContext, events: readonly string[]): string[] {
  const known = webhooks(auth).events;
  const unknown = events.find((e) => !known.includes(e));
  if (unknown !== undefined) throw new APIError('BAD_REQUEST', 'UNKNOWN_WEBHOOK_EVENT', `${WEBHOOKS_ERRORS.UNKNOWN_WEBHOOK_EVENT}: ${unknown}`);
  return [...new Set(events)];
}

export function validSecret(secret: string): string {
  if (!secretKey(secret)) throw webhooksError('BAD_REQUEST', 'INVALID_WEBHOOK_SECRET');
  return secret;
}

/** An endpoint as the routes answer it: never its secret. */
export function publicEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    source: row.source as 'console' | 'config',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type PublicEndpoint = ReturnType<typeof publicEndpoint>;

/** A delivery as the routes answer it, its payload parsed. */
export function publicDelivery(row: DeliveryRow) {
  let payload: unknown = null;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = row.payload;
  }
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastResponse: row.lastResponse ?? null,
    lastAttemptAt: row.lastAttemptAt,
    createdAt: row.createdAt,
    payload,
  };
}

export type PublicDelivery = ReturnType<typeof publicDelivery>;

/** The endpoint, or 404 WEBHOOK_NOT_FOUND. */
export async function requireEndpoint(auth: AuthContext, id: string): Promise<EndpointRow> {
  const row = await auth.adapter.findOne<EndpointRow>('webhookEndpoint', [{ field: 'id', value: id }]);
  if (!row) throw webhooksError('NOT_FOUND', 'WEBHOOK_NOT_FOUND');
  return row;
}

/**
 * Brings the configuration's endpoints into the table at start: one row per configured URL
 * (source 'config'), its events and secret as configured; rows of URLs no longer configured go.
 * A bad entry stops the start with a message naming it.
 */
export async function syncConfiguredEndpoints(auth: AuthContext, config: WebhooksConfig, known: readonly string[]): Promise<void> {
  const wanted = new Map<string, ConfiguredEndpoint>();
  config.endpoints.forEach((e, i) => {
    const where = `webhooks.endpoints[${i}]`;
    const problem = checkWebhookUrl(e.url, config.allowPrivateNetworks);
    if (problem)
      throw new Error(
        `${where}.url: ${problem === 'INVALID_WEBHOOK_URL' ? 'not an http(s) URL without credentials' : 'a private or loopback address (set webhooks.allowPrivateNetworks to allow it)'}`,
      );
    if (!Array.isArray(e.events) || !e.events.length) throw new Error(`${where}.events: name at least one event`);
    const unknown = e.events.find((t) => !known.includes(t));
    if (unknown !== undefined) throw new Error(`${where}.events: unknown event ${unknown} (known: ${known.join(', ')})`);
    if (!secretKey(e.secret)) throw new Error(`${where}.secret: must be "whsec_" followed by the base64 of 24 to 64 bytes`);
    wanted.set(new URL(e.url).href, e);
  });
  const existing = await auth.adapter.findMany<EndpointRow>('webhookEndpoint', { where: [{ field: 'source', value: 'config' }] });
  await auth.adapter.transaction(async (trx) => {
    for (const row of existing) {
      const e = wanted.get(row.url);
      if (!e) {
        await trx.delete('webhookEndpoint', [{ field: 'id', value: row.id }]);
        continue;
      }
      wanted.delete(row.url);
      const same = auth.encrypter.decrypt(row.secret) === e.secret && JSON.stringify(row.events) === JSON.stringify([...new Set(e.events)]) && row.enabled;
      if (!same)
        await trx.update('webhookEndpoint', [{ field: 'id', value: row.id }], {
          events: [...new Set(e.events)],
          secret: auth.encrypter.encrypt(e.secret),
          enabled: true,
        });
    }
    for (const [url, e] of wanted) {
      await trx.create('webhookEndpoint', { url, events: [...new Set(e.events)], secret: auth.encrypter.encrypt(e.secret), enabled: true, source: 'config' });
    }
  });
}
