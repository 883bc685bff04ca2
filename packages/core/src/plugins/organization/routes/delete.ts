import { z } from 'zod';
import { defineEndpoint } from '../../../endpoint.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can, clearActiveOrganization, requireMembership } from '../shared.js';

/** POST /organization/delete: owners only (organization:delete); members and invitations go with it. */
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
      if (!can(o, member, { organization: ['delete'] })) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION');
      await auth.adapter.transaction(async (trx) => {
        // Explicit, so that it holds even where foreign keys were not enforced.
        await trx.delete('invitation', [{ field: 'organizationId', value: organization.id }]);
        await trx.delete('member', [{ field: 'organizationId', value: organization.id }]);
        await trx.delete('organization', [{ field: 'id', value: organization.id }]);
      });
      await clearActiveOrganization(c, organization.id);
      return organization;
    },
  });
