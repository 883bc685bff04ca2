import { randomBytes } from 'node:crypto';
import type { DatabaseHooks, HookServices, Logger, ModelHooks, Row } from '../../kit.js';

type Op = 'create' | 'update' | 'delete';

/**
 * The events, each a write to one table as the database hooks see it: whoever writes (a route,
 * a plugin, the CLI, auth.api), the event follows. An event whose table this instance does not
 * have (its plugin is off) is not offered.
 */
export const EVENT_SOURCES: readonly { type: string; model: string; op: Op }[] = [
  { type: 'user.created', model: 'user', op: 'create' },
  { type: 'user.updated', model: 'user', op: 'update' },
  { type: 'user.deleted', model: 'user', op: 'delete' },
  { type: 'session.created', model: 'session', op: 'create' },
  // A session ends by sign-out, revocation or a noticed expiry: its row is deleted.
  { type: 'session.revoked', model: 'session', op: 'delete' },
  { type: 'account.linked', model: 'account', op: 'create' },
  { type: 'account.unlinked', model: 'account', op: 'delete' },
  { type: 'organization.created', model: 'organization', op: 'create' },
  { type: 'organization.updated', model: 'organization', op: 'update' },
  { type: 'organization.deleted', model: 'organization', op: 'delete' },
  { type: 'organization.member.added', model: 'member', op: 'create' },
  { type: 'organization.member.updated', model: 'member', op: 'update' },
  { type: 'organization.member.removed', model: 'member', op: 'delete' },
  { type: 'organization.invitation.created', model: 'invitation', op: 'create' },
  { type: 'passkey.created', model: 'passkey', op: 'create' },
  { type: 'passkey.deleted', model: 'passkey', op: 'delete' },
];

/** Events read from a field's change rather than from a table write: a user's `banned` flag. */
export const BAN_EVENTS = ['user.banned', 'user.unbanned'] as const;

/** The event types an instance with these tables (and fields) can send, in catalogue order. */
export function availableEvents(schema: Record<string, { fields: Record<string, unknown> }>): string[] {
  const out = EVENT_SOURCES.filter((e) => schema[e.model]).map((e) => e.type);
  if (schema.user?.fields.banned) out.splice(out.indexOf('user.deleted') + 1, 0, ...BAN_EVENTS);
  return out;
}

const SECRET_NAME = /token|secret|password|hash/i;

/**
 * A row as an event carries it: the fields its schema answers (never a `returned: false` one),
 * and never one named like a credential (a session's token digest, an account's tokens).
 */
export function publicData(services: HookServices, model: string, row: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    const def = services.adapter.field(model, name);
    if (!def || def.returned === false || SECRET_NAME.test(name)) continue;
    out[name] = value;
  }
  return out;
}

export interface EventSink {
  logger?: Logger;
  /** Called once new deliveries are queued. */
  queued(): void;
}

/** A new message id (`webhook-id`): `msg_` and 128 random bits. */
export const messageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Queues one delivery per enabled endpoint that wants `type`. A failure is logged and never
 * reaches the write that caused the event (that has committed already).
 */
export async function enqueue(services: HookServices, sink: EventSink, type: string, data: Row): Promise<void> {
  try {
    const endpoints = await services.adapter.findMany<{ id: string; events: unknown }>('webhookEndpoint', {
      where: [{ field: 'enabled', value: true }],
    });
    const wanted = endpoints.filter((e) => Array.isArray(e.events) && e.events.includes(type));
    if (!wanted.length) return;
    const now = new Date(services.now());
    const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
    const id = messageId();
    for (const e of wanted) {
      await services.adapter.create(
        'webhookDelivery',
        { endpointId: e.id, messageId: id, eventType: type, payload, status: 'pending', attempts: 0, nextAttemptAt: now },
        { hooks: false },
      );
    }
    sink.queued();
  } catch (e) {
    sink.logger?.warn({ err: String(e), type }, 'could not queue a webhook delivery');
  }
}

/**
 * The database hooks that turn writes into queued deliveries. A user update that flips
 * `banned` is also `user.banned` / `user.unbanned`: the before-hook reads the row's flag
 * before the write, the after-hook (after commit) compares.
 */
export function eventHooks(sink: EventSink) {
  return (services: HookServices): DatabaseHooks => {
    const hooks: Record<string, ModelHooks> = {};
    const banFlips = new Map<string, boolean>();
    for (const source of EVENT_SOURCES) {
      hooks[source.model] ??= {};
      const model = hooks[source.model]!;
      const after = async (row: Row) => {
        await enqueue(services, sink, source.type, publicData(services, source.model, row));
        if (source.model === 'user' && source.op === 'update') {
          const flipped = banFlips.get(String(row.id));
          if (flipped === undefined) return;
          banFlips.delete(String(row.id));
          if (Boolean(row.banned) === flipped) await enqueue(services, sink, flipped ? 'user.banned' : 'user.unbanned', publicData(services, 'user', row));
        }
      };
      if (source.op === 'update' && source.model === 'user') {
        model.update = {
          async before(data, ctx) {
            if (!('banned' in data) || !ctx.where || !services.adapter.field('user', 'banned')) return;
            const current = await ctx.adapter.findOne('user', ctx.where);
            if (current && Boolean(current.banned) !== Boolean(data.banned)) banFlips.set(String(current.id), Boolean(data.banned));
          },
          after,
        };
      } else {
        model[source.op] = { after };
      }
    }
    return hooks;
  };
}
