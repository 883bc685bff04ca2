import { answerOf, type PublicUser } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/unban-user: lifts the ban, its reason and its expiry. */
export const unbanUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/unban-user',
    answer: answerOf<{ user: PublicUser }>(),
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = await requireUser(auth, c.body.userId);
      const updated = await auth.adapter.update('user', [{ field: 'id', value: user.id }], { banned: false, banReason: null, banExpires: null });
      await auth.audit.record(c, 'user.unban', { userId: user.id });
      return { user: auth.publicUser(updated ?? user) };
    },
  });
