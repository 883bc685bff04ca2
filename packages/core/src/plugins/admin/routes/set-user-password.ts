import { z } from 'zod';
import { setCredentialPassword } from '../../../kit.js';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/set-user-password: sets (or first creates) the user's password credential. */
export const setUserPassword = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/set-user-password',
    requirePerson: true,
    body: z.object({ userId: z.string().min(1), newPassword: z.string() }),
    async handler(c) {
      const { auth, body } = c;
      const user = await requireUser(auth, body.userId);
      await auth.password.check(body.newPassword, { userId: user.id });
      const hash = await auth.password.hash(body.newPassword, c);
      await setCredentialPassword(auth.adapter, user.id, hash);
      await auth.audit.record(c, 'password.reset', { userId: user.id });
      return { status: true };
    },
  });
