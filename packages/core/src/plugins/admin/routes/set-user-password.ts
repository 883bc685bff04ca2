import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/set-user-password: sets (or first creates) the user's password credential. */
export const setUserPassword = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/set-user-password',
    body: z.object({ userId: z.string().min(1), newPassword: z.string() }),
    async handler(c) {
      const { auth, body } = c;
      const user = await requireUser(auth, body.userId);
      await auth.password.check(body.newPassword, { userId: user.id });
      const hash = await auth.password.hash(body.newPassword, c);
      const where = [
        { field: 'userId', value: user.id },
        { field: 'providerId', value: 'credential' },
      ];
      const updated = await auth.adapter.update('account', where, { password: hash });
      if (!updated) await auth.adapter.create('account', { userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
      await auth.audit.record(c, 'password.reset', { userId: user.id });
      return { status: true };
    },
  });
