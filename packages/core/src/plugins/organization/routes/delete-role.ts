import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { roleNames } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can, findCustomRole } from '../roles.js';
import type { MemberRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/**
 * POST /organization/delete-role {roleName|roleId}: needs ac:delete; never a configured role,
 * nor one a member still holds (a pending invitation with it can no longer be accepted).
 */
export const deleteRole = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/delete-role',
    requireSession: true,
    body: z
      .object({ roleName: z.string().min(1).optional(), roleId: z.string().min(1).optional(), organizationId: z.string().min(1).optional() })
      .refine((b) => b.roleName !== undefined || b.roleId !== undefined, { message: 'roleName or roleId is required', path: ['roleName'] }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (!(await can(auth, o, member, { ac: ['delete'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE');
      if (body.roleName !== undefined && Object.hasOwn(o.roles, body.roleName.trim().toLowerCase())) {
        throw orgError('BAD_REQUEST', 'CANNOT_DELETE_A_PRE_DEFINED_ROLE');
      }
      const role = await findCustomRole(auth, organizationId, body);
      if (!role) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      const holders = await auth.adapter.findMany<MemberRow>('member', {
        where: [
          { field: 'organizationId', value: organizationId },
          { field: 'role', value: role.role, operator: 'contains' },
        ],
      });
      if (holders.some((m) => roleNames(m.role).includes(role.role))) throw orgError('BAD_REQUEST', 'ROLE_IS_ASSIGNED_TO_MEMBERS');
      await auth.adapter.delete('organizationRole', [
        { field: 'id', value: role.id },
        { field: 'organizationId', value: organizationId },
      ]);
      await auth.audit.record(c, 'organization.role.deleted', { details: { organizationId, roleId: role.id, role: role.role } });
      return { success: true };
    },
  });
