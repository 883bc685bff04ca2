import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { roleExists } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { MemberRow } from '../schema.js';
import { isOwnerRole, ownerCount, requireMembership, targetOrganizationId } from '../shared.js';
import { beyondCaller, can, rolesIn } from '../roles.js';

/**
 * POST /organization/update-member-role: needs member:update. The role is a configured one or
 * (dynamic access control) one of the organization's own. Only an owner may give or take the
 * owner role; with custom roles on, nobody else gives a role granting more than they hold; the
 * last owner cannot be demoted.
 */
export const updateMemberRole = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/update-member-role',
    requireSession: true,
    body: z.object({
      memberId: z.string().min(1),
      role: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((r) => (Array.isArray(r) ? r.join(',') : r)),
      organizationId: z.string().optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const { member: caller } = await requireMembership(auth, organizationId, c.session.user.id);
      if (!(await can(auth, o, caller, { member: ['update'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      const roles = await rolesIn(auth, o, organizationId);
      if (!roleExists(roles, body.role)) throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      const target = await auth.adapter.findOne<MemberRow>('member', [
        { field: 'id', value: body.memberId },
        { field: 'organizationId', value: organizationId },
      ]);
      if (!target) throw orgError('BAD_REQUEST', 'MEMBER_NOT_FOUND');

      const touchesOwner = isOwnerRole(o, target.role) || isOwnerRole(o, body.role);
      if (touchesOwner && !isOwnerRole(o, caller.role)) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      // A role may grant what the caller lacks (a custom role an owner made, or admin for someone given member:update).
      if (!isOwnerRole(o, caller.role) && beyondCaller(o, roles, caller, body.role).length)
        throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      if (isOwnerRole(o, target.role) && !isOwnerRole(o, body.role) && (await ownerCount(auth, o, organizationId)) <= 1) {
        throw orgError('BAD_REQUEST', 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER');
      }
      const updated = await auth.adapter.update<MemberRow>('member', [{ field: 'id', value: target.id }], { role: body.role });
      return updated ?? target;
    },
  });
