import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can, findCustomRole, roleAnswer } from '../roles.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** GET /organization/get-role?roleName|roleId&organizationId: one of the organization's own roles (ac:read). */
export const getRole = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/get-role',
    requireSession: true,
    query: z
      .object({ roleName: z.string().min(1).optional(), roleId: z.string().min(1).optional(), organizationId: z.string().min(1).optional() })
      .refine((q) => q.roleName !== undefined || q.roleId !== undefined, { message: 'roleName or roleId is required', path: ['roleName'] }),
    async handler(c) {
      const { auth, query } = c;
      const organizationId = targetOrganizationId(c, query.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (!(await can(auth, o, member, { ac: ['read'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE');
      const role = await findCustomRole(auth, organizationId, query);
      if (!role) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      return roleAnswer(role);
    },
  });
