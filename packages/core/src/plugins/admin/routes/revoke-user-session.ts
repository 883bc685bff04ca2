import { z } from 'zod';
import { fail, sessionTokenWhere } from '../../../kit.js';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/revoke-user-session {sessionToken}: the raw token, or the stored key that list-user-sessions shows. */
export const revokeUserSession = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/revoke-user-session',
    body: z.object({ sessionToken: z.string().min(1) }),
    async handler(c) {
      const { auth, body } = c;
      const found = await auth.adapter.findOne<{ id: string }>('session', sessionTokenWhere(body.sessionToken));
      if (!found) fail('BAD_REQUEST', 'SESSION_NOT_FOUND');
      await auth.sessions.revoke(found.id);
      return { success: true };
    },
  });
