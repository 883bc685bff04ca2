import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { clearActiveOrganization, isOwnerRole, ownerCount, requireMembership } from '../shared.js';
import { removeFromTeams } from '../teams.js';

/** POST /organization/leave: any member but the only owner. */
export const leaveOrganization = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/leave',
    changesSession: true,
    requireSession: true,
    body: z.object({ organizationId: z.string().min(1) }),
    async handler(c) {
      const { auth, body } = c;
      const { member } = await requireMembership(auth, body.organizationId, c.session.user.id);
      if (isOwnerRole(o, member.role) && (await ownerCount(auth, o, body.organizationId)) <= 1) {
        throw orgError('BAD_REQUEST', 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      }
      await auth.adapter.transaction(async (trx) => {
        await removeFromTeams(trx, o, body.organizationId, member.userId);
        await trx.delete('member', [{ field: 'id', value: member.id }]);
      });
      await clearActiveOrganization(c, o, body.organizationId, member.userId);
      return member;
    },
  });
