import { z } from 'zod';
import type { Where } from '../../../db/types.js';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';

/** One page is at most this many events: the trail grows without bound, a read must not. */
const MAX_LIMIT = 1000;

/**
 * GET /admin/list-audit-events?type&userId&limit&offset: the security events
 * (security/audit.ts) newest first, for admins only; `total` counts every match.
 * `userId` is the person an event is about; `type` is one event type (e.g. `sign-in.failure`).
 */
export const listAuditEvents = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/list-audit-events',
    query: z.object({
      type: z.string().min(1).max(100).optional(),
      userId: z.string().min(1).max(255).optional(),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    async handler(c) {
      const { auth, query: q } = c;
      const where: Where[] = [];
      if (q.type) where.push({ field: 'type', value: q.type });
      if (q.userId) where.push({ field: 'userId', value: q.userId });
      const [events, total] = await Promise.all([
        auth.adapter.findMany('auditEvent', { where, limit: q.limit, offset: q.offset, sortBy: { field: 'createdAt', direction: 'desc' } }),
        auth.adapter.count('auditEvent', where),
      ]);
      return { events, total, limit: q.limit, offset: q.offset };
    },
  });
