import { z } from 'zod';
import { APIError, defineEndpoint } from '../../../kit.js';
import { knownResources, missingPermissions } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { withinLimit } from '../limits.js';
import { permissionSchema, roleAnswer, roleNameSchema, rolesIn } from '../roles.js';
import type { OrganizationRoleRow } from '../schema.js';
import { activeOrganizationId, findMember } from '../shared.js';

/**
 * POST /organization/create-role {role, permission, organizationId?}: needs ac:create, and the
 * caller must hold every permission the role grants (nobody makes a role above their own).
 * The name is kept in lower case and may not be a configured role's.
 */
export const createRole = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/create-role',
    requireSession: true,
    body: z.object({ role: roleNameSchema, permission: permissionSchema, organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = body.organizationId ?? activeOrganizationId(c);
      if (!organizationId) throw orgError('BAD_REQUEST', 'YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE');
      if (Object.hasOwn(o.roles, body.role)) throw orgError('BAD_REQUEST', 'ROLE_NAME_IS_ALREADY_TAKEN');
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      const roles = await rolesIn(auth, o, organizationId);
      if (missingPermissions(roles, member.role, { ac: ['create'] }).length) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
      const known = knownResources(o.roles);
      if (Object.keys(body.permission).some((r) => !known.has(r))) throw orgError('BAD_REQUEST', 'INVALID_RESOURCE');
      if (missingPermissions(roles, member.role, body.permission).length) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
      if (Object.hasOwn(roles, body.role)) throw orgError('BAD_REQUEST', 'ROLE_NAME_IS_ALREADY_TAKEN');
      let created: OrganizationRoleRow | null;
      try {
        created = await auth.adapter.transaction(async (trx) => {
          // `maximumRolesPerOrganization` counted with the organization's row held: two creates at the limit, one wins.
          await withinLimit(
            trx,
            { model: 'organization', id: organizationId },
            'organizationRole',
            [{ field: 'organizationId', value: organizationId }],
            o.dynamicAccessControl.maximumRolesPerOrganization,
            () => orgError('BAD_REQUEST', 'TOO_MANY_ROLES'),
          );
          return trx.create<OrganizationRoleRow>('organizationRole', { organizationId, role: body.role, permission: body.permission });
        });
      } catch (e) {
        // Created meanwhile by a racing request: one role of a name per organization.
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) throw orgError('BAD_REQUEST', 'ROLE_NAME_IS_ALREADY_TAKEN');
        throw e;
      }
      if (!created) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
      await auth.audit.record(c, 'organization.role.created', {
        details: { organizationId, roleId: created.id, role: created.role, permission: body.permission },
      });
      return { success: true, roleData: roleAnswer(created), statements: body.permission };
    },
  });
