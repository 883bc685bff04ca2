import { answerOf } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/**
 * POST /admin/unlock-user: lifts the lockout of repeated failed sign-ins on every identity of the
 * user (their email, username, passkey and second factor), so they can sign in again at once.
 */
export const unlockUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/unlock-user',
    answer: answerOf<{ success: true }>(),
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = await requireUser(auth, c.body.userId);
      const wasLocked = await auth.lockout.unlockUser(user);
      await auth.audit.record(c, 'user.unlock', { userId: user.id, details: { wasLocked } });
      return { success: true as const };
    },
  });
