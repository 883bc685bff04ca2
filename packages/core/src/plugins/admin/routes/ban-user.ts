import { answerOf, type PublicUser } from '../../../kit.js';
import { z } from 'zod';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';
import { adminError } from '../errors.js';

/** POST /admin/ban-user: marks the ban (optionally expiring) and signs the user out everywhere. */
export const banUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'POST',
    path: '/admin/ban-user',
    answer: answerOf<{ user: PublicUser }>(),
    body: z.object({
      userId: z.string().min(1),
      banReason: z.string().max(1000).optional(),
      banExpiresIn: z.number().positive().optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      if (body.userId === c.session.user.id) throw adminError('BAD_REQUEST', 'YOU_CANNOT_BAN_YOURSELF');
      const user = await requireUser(auth, body.userId);
      const updated = await auth.adapter.update('user', [{ field: 'id', value: user.id }], {
        banned: true,
        banReason: body.banReason ?? null,
        banExpires: body.banExpiresIn ? new Date(auth.now() + body.banExpiresIn * 1000) : null,
      });
      await auth.sessions.revokeAll(user.id);
      await auth.audit.record(c, 'user.ban', { userId: user.id, details: { banReason: body.banReason ?? null, banExpiresIn: body.banExpiresIn ?? null } });
      return { user: auth.publicUser(updated ?? user) };
    },
  });
