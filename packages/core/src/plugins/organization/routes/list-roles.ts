import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can, roleAnswer } from '../roles.js';
import type { OrganizationRoleRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** GET /organization/list-roles?organizationId: the organization's own roles (ac:read). */
export const listRoles = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-roles',
    requireSession: true,
    query: z.object({ organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth } = c;
      const organizationId = targetOrganizationId(c, c.query.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (!(await can(auth, o, member, { ac: ['read'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE');
      const rows = await auth.adapter.findMany<OrganizationRoleRow>('organizationRole', {
        where: [{ field: 'organizationId', value: organizationId }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
      return rows.map(roleAnswer);
    },
  });
