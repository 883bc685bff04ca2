import { answerOf, type PublicUser } from '../../../kit.js';
import { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { adminEndpoint, requireUser } from '../access.js';

/** A role, or several (an array is stored comma-separated). */
export const roleInput = z
  .union([z.string().trim().min(1).max(255), z.array(z.string().trim().min(1)).min(1)])
  .transform((r) => (Array.isArray(r) ? r.join(',') : r));

/** POST /admin/set-role {userId, role}. */
export const setRole = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/set-role',
    answer: answerOf<{ user: PublicUser }>(),
    body: z.object({ userId: z.string().min(1), role: roleInput }),
    async handler(c) {
      const { auth, body } = c;
      const user = await requireUser(auth, body.userId);
      const updated = await auth.adapter.update('user', [{ field: 'id', value: user.id }], { role: body.role });
      await auth.audit.record(c, 'user.role', { userId: user.id, details: { from: user.role ?? null, to: body.role } });
      return { user: auth.publicUser(updated ?? user) };
    },
  });
