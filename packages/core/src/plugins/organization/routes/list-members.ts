import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { MemberRow } from '../schema.js';
import { requireMembership, targetOrganizationId, withUsers } from '../shared.js';

/** GET /organization/list-members: a page of the organization's members, with their users. */
export const listMembers = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-members',
    requireSession: true,
    query: z.object({
      organizationId: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    }),
    async handler(c) {
      const { auth, query } = c;
      const organizationId = targetOrganizationId(c, query.organizationId);
      await requireMembership(auth, organizationId, c.session.user.id);
      const where = [{ field: 'organizationId', value: organizationId }];
      const [members, total] = await Promise.all([
        auth.adapter.findMany<MemberRow>('member', { where, limit: query.limit, offset: query.offset, sortBy: { field: 'createdAt', direction: 'asc' } }),
        auth.adapter.count('member', where),
      ]);
      return { members: await withUsers(auth, members), total };
    },
  });
