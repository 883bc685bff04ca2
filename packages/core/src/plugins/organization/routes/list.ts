import { defineEndpoint } from '../../../kit.js';
import type { MemberRow, OrganizationRow } from '../schema.js';

/** GET /organization/list: the organizations the caller is a member of. */
export const listOrganizations = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list',
    requireSession: true,
    async handler(c) {
      const { auth } = c;
      const memberships = await auth.adapter.findMany<MemberRow>('member', { where: [{ field: 'userId', value: c.session.user.id }] });
      if (!memberships.length) return [];
      return auth.adapter.findMany<OrganizationRow>('organization', {
        where: [{ field: 'id', value: memberships.map((m) => m.organizationId), operator: 'in' }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
    },
  });
