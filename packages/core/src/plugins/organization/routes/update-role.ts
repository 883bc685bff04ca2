import { z } from 'zod';
import { APIError, defineEndpoint, type Row } from '../../../kit.js';
import { knownResources, missingPermissions, roleNames } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { findCustomRole, permissionSchema, roleAnswer, roleNameSchema, rolesIn } from '../roles.js';
import type { InvitationRow, MemberRow, OrganizationRoleRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** `role` (a comma-separated list) with `from` renamed `to`. */
const renamed = (role: string, from: string, to: string) =>
  roleNames(role)
    .map((r) => (r === from ? to : r))
    .join(',');

/**
 * POST /organization/update-role {roleName|roleId, data: {permission?, roleName?}}: needs
 * ac:update; a new permission must lie within the caller's own (no escalation through an
 * update), and holds at once. A new name follows to the members and pending invitations
 * holding the role, in the same transaction.
 */
export const updateRole = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/update-role',
    requireSession: true,
    body: z
      .object({
        roleName: z.string().min(1).optional(),
        roleId: z.string().min(1).optional(),
        organizationId: z.string().min(1).optional(),
        data: z.object({ permission: permissionSchema.optional(), roleName: roleNameSchema.optional() }),
      })
      .refine((b) => b.roleName !== undefined || b.roleId !== undefined, { message: 'roleName or roleId is required', path: ['roleName'] }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      const roles = await rolesIn(auth, o, organizationId);
      if (missingPermissions(roles, member.role, { ac: ['update'] }).length) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE');
      const role = await findCustomRole(auth, organizationId, body);
      if (!role) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');

      const changes: Row = {};
      const { permission, roleName } = body.data;
      if (permission) {
        const known = knownResources(o.roles);
        if (Object.keys(permission).some((r) => !known.has(r))) throw orgError('BAD_REQUEST', 'INVALID_RESOURCE');
        if (missingPermissions(roles, member.role, permission).length) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE');
        changes.permission = permission;
      }
      if (roleName !== undefined && roleName !== role.role) {
        if (Object.hasOwn(o.roles, roleName) || Object.hasOwn(roles, roleName)) throw orgError('BAD_REQUEST', 'ROLE_NAME_IS_ALREADY_TAKEN');
        changes.role = roleName;
      }
      if (!Object.keys(changes).length) return { success: true, roleData: roleAnswer(role) };

      let updated: OrganizationRoleRow | null;
      try {
        updated = await auth.adapter.transaction(async (trx) => {
          const row = await trx.update<OrganizationRoleRow>(
            'organizationRole',
            [
              { field: 'id', value: role.id },
              { field: 'organizationId', value: organizationId },
            ],
            changes,
          );
          if (row && changes.role !== undefined) {
            const to = changes.role as string;
            const holders = await trx.findMany<MemberRow>('member', {
              where: [
                { field: 'organizationId', value: organizationId },
                { field: 'role', value: role.role, operator: 'contains' },
              ],
            });
            for (const m of holders) {
              if (roleNames(m.role).includes(role.role)) await trx.update('member', [{ field: 'id', value: m.id }], { role: renamed(m.role, role.role, to) });
            }
            const invited = await trx.findMany<InvitationRow>('invitation', {
              where: [
                { field: 'organizationId', value: organizationId },
                { field: 'status', value: 'pending' },
              ],
            });
            for (const i of invited) {
              if (roleNames(i.role).includes(role.role))
                await trx.update('invitation', [{ field: 'id', value: i.id }], { role: renamed(i.role, role.role, to) });
            }
          }
          return row;
        });
      } catch (e) {
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) throw orgError('BAD_REQUEST', 'ROLE_NAME_IS_ALREADY_TAKEN');
        throw e;
      }
      if (!updated) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      await auth.audit.record(c, 'organization.role.updated', {
        details: {
          organizationId,
          roleId: role.id,
          role: updated.role,
          ...(changes.role !== undefined ? { renamedFrom: role.role } : {}),
          ...(changes.permission ? { permission: changes.permission } : {}),
        },
      });
      return { success: true, roleData: roleAnswer(updated) };
    },
  });
