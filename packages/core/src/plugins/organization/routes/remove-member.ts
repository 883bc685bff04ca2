import { z } from 'zod';
import { defineEndpoint, normalizeEmail, type UserRow } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { MemberRow } from '../schema.js';
import { clearActiveOrganization, findMember, isOwnerRole, ownerCount, requireMembership, targetOrganizationId } from '../shared.js';
import { can } from '../roles.js';
import { removeFromTeams } from '../teams.js';

/**
 * POST /organization/remove-member {memberIdOrEmail}: anyone may remove
 * themselves; removing others needs member:delete, and only an owner removes an owner.
 * The last owner stays.
 */
export const removeMember = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/remove-member',
    changesSession: true,
    requireSession: true,
    body: z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const { member: caller } = await requireMembership(auth, organizationId, c.session.user.id);

      let target: MemberRow | null = null;
      if (body.memberIdOrEmail.includes('@')) {
        const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: normalizeEmail(body.memberIdOrEmail) }]);
        target = user ? await findMember(auth, organizationId, user.id) : null;
      } else {
        target = await auth.adapter.findOne<MemberRow>('member', [
          { field: 'id', value: body.memberIdOrEmail },
          { field: 'organizationId', value: organizationId },
        ]);
      }
      if (!target) throw orgError('BAD_REQUEST', 'MEMBER_NOT_FOUND');

      if (target.id !== caller.id) {
        if (!(await can(auth, o, caller, { member: ['delete'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
        if (isOwnerRole(o, target.role) && !isOwnerRole(o, caller.role)) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
      }
      if (isOwnerRole(o, target.role) && (await ownerCount(auth, o, organizationId)) <= 1) {
        throw orgError('BAD_REQUEST', 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      }
      const removed = target;
      await auth.adapter.transaction(async (trx) => {
        await removeFromTeams(trx, o, organizationId, removed.userId);
        await trx.delete('member', [{ field: 'id', value: removed.id }]);
      });
      await clearActiveOrganization(c, o, organizationId, target.userId);
      return { member: target };
    },
  });
