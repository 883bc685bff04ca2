import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { clearActiveOrganization, requireMembership } from '../shared.js';
import { can } from '../roles.js';
import { teamIdsOf } from '../teams.js';

/** POST /organization/delete: owners only (organization:delete); members, invitations, teams and its own roles go with it. */
export const deleteOrganization = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/delete',
    changesSession: true,
    requireSession: true,
    body: z.object({ organizationId: z.string().min(1) }),
    async handler(c) {
      const { auth, body } = c;
      const { organization, member } = await requireMembership(auth, body.organizationId, c.session.user.id);
      if (!(await can(auth, o, member, { organization: ['delete'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION');
      await auth.adapter.transaction(async (trx) => {
        // Explicit, so that it holds even where foreign keys were not enforced.
        if (o.teams.enabled) {
          const teamIds = await teamIdsOf(trx, organization.id);
          if (teamIds.length) await trx.delete('teamMember', [{ field: 'teamId', value: teamIds, operator: 'in' }]);
          await trx.delete('team', [{ field: 'organizationId', value: organization.id }]);
        }
        if (o.dynamicAccessControl.enabled) await trx.delete('organizationRole', [{ field: 'organizationId', value: organization.id }]);
        await trx.delete('invitation', [{ field: 'organizationId', value: organization.id }]);
        await trx.delete('member', [{ field: 'organizationId', value: organization.id }]);
        await trx.delete('organization', [{ field: 'id', value: organization.id }]);
      });
      await clearActiveOrganization(c, o, organization.id);
      return organization;
    },
  });
