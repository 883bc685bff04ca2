import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { requireMembership, targetOrganizationId } from '../shared.js';
import { can } from '../roles.js';

/**
 * POST /organization/has-permission {permissions: {resource: [actions]}}: whether the caller's role grants
 * them all, over the configured roles and the organization's own.
 */
export const hasPermissionRoute = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/has-permission',
    requireSession: true,
    body: z.object({
      permissions: z
        .record(z.string(), z.array(z.string()).min(1))
        .refine((p) => Object.keys(p).length > 0, { message: 'permissions must name at least one resource' }),
      organizationId: z.string().optional(),
    }),
    async handler(c) {
      const organizationId = targetOrganizationId(c, c.body.organizationId);
      const { member } = await requireMembership(c.auth, organizationId, c.session.user.id);
      // better-auth 1.7's answer: `error` is always null when the question could be asked.
      return { error: null, success: await can(c.auth, o, member, c.body.permissions) };
    },
  });
