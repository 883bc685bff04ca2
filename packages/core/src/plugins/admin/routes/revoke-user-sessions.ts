import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/revoke-user-sessions {userId}: signs the user out everywhere. */
export const revokeUserSessions = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/revoke-user-sessions',
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const user = await requireUser(c.auth, c.body.userId);
      await c.auth.sessions.revokeAll(user.id);
      if (user.id === c.session.user.id) c.auth.sessions.clearCookies(c);
      return { success: true };
    },
  });
