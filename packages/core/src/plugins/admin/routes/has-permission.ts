import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import type { AdminConfig } from '../config.js';
import { adminCan } from '../permissions.js';

/**
 * POST /admin/has-permission {permissions: {resource: [actions]}} (signed in): whether the
 * caller's admin rights grant them all, `{ error: null, success }` as better-auth's admin plugin
 * answers. Open to every signed-in user (a plain user learns `false`). `userId` and `role` are
 * accepted and, as in better-auth over HTTP, not used: the answer is always about the caller, so
 * no one learns another account's rights.
 */
export const hasAdminPermission = (o: AdminConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/admin/has-permission',
    requireSession: true,
    answer: answerOf<{ error: null; success: boolean }>(),
    body: z.object({
      permissions: z
        .record(z.string(), z.array(z.string()).min(1))
        .refine((p) => Object.keys(p).length > 0, { message: 'permissions must name at least one resource' }),
      userId: z.string().optional(),
      role: z.string().optional(),
    }),
    async handler(c) {
      return { error: null, success: adminCan(o, c.session.user, c.body.permissions) };
    },
  });
