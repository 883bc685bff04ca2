import { z } from 'zod';
import type { Where } from '../../../kit.js';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';

/** One page is at most this many events: the trail grows without bound, a read must not. */
const MAX_LIMIT = 1000;

/** Someone an audit event names. */
export interface AuditPerson {
  id: string;
  name: string;
  email: string;
}

/** One event as the listing answers it. */
export interface AuditEventView {
  id: string;
  type: string;
  userId: string | null;
  actorId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
  /** The person it is about, and who did it (null: none, or removed since). */
  user: AuditPerson | null;
  actor: AuditPerson | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A moment as an ISO 8601 date or epoch milliseconds. */
const moment = z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.coerce.number().int().min(0)], {
  error: 'Expected an ISO 8601 date or epoch milliseconds',
});

/**
 * GET /admin/list-audit-events?type&userId&email&from&to&sortDirection&limit&offset: the security events
 * (security/audit.ts), newest first unless `sortDirection=asc`, for admins only; `total` counts every match.
 * `userId` is the person an event is about (or `email`: that person's address; none matches when unknown);
 * `type` is one event type (e.g. `sign-in.failure`) or several, comma-separated; `from` (inclusive) and
 * `to` (exclusive) bound `createdAt`. Each event carries its IP address and user agent, and `user` / `actor`:
 * the name and email of the person it is about and of who did it (null when none or since removed).
 */
export const listAuditEvents = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/list-audit-events',
    query: z.object({
      type: z.string().min(1).max(1000).optional(),
      userId: z.string().min(1).max(255).optional(),
      email: z.string().min(1).max(255).optional(),
      from: moment.optional(),
      to: moment.optional(),
      sortDirection: z.enum(['asc', 'desc']).default('desc'),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    async handler(c) {
      const { auth, query: q } = c;
      const where: Where[] = [];
      const types = [
        ...new Set(
          (q.type ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
      if (types.length === 1) where.push({ field: 'type', value: types[0] });
      else if (types.length > 1) where.push({ field: 'type', value: types, operator: 'in' });
      if (q.userId) where.push({ field: 'userId', value: q.userId });
      if (q.email) {
        const user = await auth.adapter.findOne('user', [{ field: 'email', value: q.email.trim().toLowerCase() }]);
        if (!user) return { events: [], total: 0, limit: q.limit, offset: q.offset };
        where.push({ field: 'userId', value: user.id });
      }
      if (q.from !== undefined) where.push({ field: 'createdAt', value: new Date(q.from), operator: 'gte' });
      if (q.to !== undefined) where.push({ field: 'createdAt', value: new Date(q.to), operator: 'lt' });
      const [events, total] = await Promise.all([
        auth.adapter.findMany('auditEvent', { where, limit: q.limit, offset: q.offset, sortBy: { field: 'createdAt', direction: q.sortDirection } }),
        auth.adapter.count('auditEvent', where),
      ]);
      // One read for the people the page names (at most 2 × limit ids).
      const ids = [...new Set(events.flatMap((e) => [e.userId, e.actorId]).filter((id): id is string => typeof id === 'string'))];
      const people = ids.length ? await auth.adapter.findMany('user', { where: [{ field: 'id', value: ids, operator: 'in' }], limit: ids.length }) : [];
      const byId = new Map(people.map((u) => [String(u.id), { id: String(u.id), name: String(u.name), email: String(u.email) }]));
      const named = events.map(
        (e): AuditEventView => ({
          id: String(e.id),
          type: String(e.type),
          userId: text(e.userId),
          actorId: text(e.actorId),
          ipAddress: text(e.ipAddress),
          userAgent: text(e.userAgent),
          details: e.details && typeof e.details === 'object' ? (e.details as Record<string, unknown>) : null,
          createdAt: e.createdAt as Date,
          user: byId.get(text(e.userId) ?? '') ?? null,
          actor: byId.get(text(e.actorId) ?? '') ?? null,
        }),
      );
      return { events: named, total, limit: q.limit, offset: q.offset };
    },
  });
