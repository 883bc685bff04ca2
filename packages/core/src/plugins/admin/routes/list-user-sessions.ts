import { answerOf, type PublicSession } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** POST /admin/list-user-sessions {userId}: the user's live sessions, impersonations included. */
export const listUserSessions = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/list-user-sessions',
    answer: answerOf<{ sessions: PublicSession[] }>(),
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const user = await requireUser(c.auth, c.body.userId);
      const sessions = await c.auth.sessions.listForUser(user.id);
      return { sessions: sessions.map((s) => c.auth.publicSession(s)) };
    },
  });
