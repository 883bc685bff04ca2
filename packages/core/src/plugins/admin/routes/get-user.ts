import { z } from 'zod';
import { answerOf, type PublicUser } from '../../../kit.js';
import { adminEndpoint, requireUser } from '../access.js';
import type { AdminConfig } from '../config.js';

/** GET /admin/get-user?id=: one user, as better-auth 1.7's `admin.getUser` answers it (the user itself); 404 USER_NOT_FOUND. */
export const getUser = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/get-user',
    answer: answerOf<PublicUser>(),
    query: z.object({ id: z.string().min(1) }),
    async handler(c) {
      return c.auth.publicUser(await requireUser(c.auth, c.query.id));
    },
  });
