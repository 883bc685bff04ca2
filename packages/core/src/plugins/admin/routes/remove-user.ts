import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/remove-user {userId}: the user with its sessions and accounts (other plugins' rows cascade). */
export const removeUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/remove-user',
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = await requireUser(auth, c.body.userId);
      await auth.adapter.transaction(async (trx) => {
        await trx.delete('session', [{ field: 'userId', value: user.id }]);
        await trx.delete('account', [{ field: 'userId', value: user.id }]);
        await trx.delete('user', [{ field: 'id', value: user.id }]);
      });
      await auth.audit.record(c, 'user.delete', { userId: user.id, details: { email: user.email } });
      if (user.id === c.session.user.id) auth.sessions.clearCookies(c);
      return { success: true };
    },
  });
