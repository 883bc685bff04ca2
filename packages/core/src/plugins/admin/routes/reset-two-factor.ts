import { answerOf, twoFactorSeam } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';
import { adminError } from '../errors.js';

/**
 * POST /admin/reset-two-factor: turns the user's two-factor off (secret, backup codes, trusted
 * browsers) so they sign in with their password and enrol again. Their sessions are kept.
 * 400 TWO_FACTOR_NOT_ENABLED when they have none, or the two-factor plugin is off.
 */
export const resetUserTwoFactor = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/reset-two-factor',
    answer: answerOf<{ success: true }>(),
    body: z.object({ userId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = await requireUser(auth, c.body.userId);
      const seam = twoFactorSeam.find(auth);
      if (!seam || !(await seam.resetFor(auth.adapter, user.id))) throw adminError('BAD_REQUEST', 'TWO_FACTOR_NOT_ENABLED');
      await auth.audit.record(c, 'user.reset-two-factor', { userId: user.id });
      return { success: true as const };
    },
  });
