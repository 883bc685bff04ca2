import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { InvitationRow } from '../schema.js';
import { requireMembership, targetOrganizationId } from '../shared.js';

/** GET /organization/list-invitations: every invitation of the (active) organization, for its members. */
export const listInvitations = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-invitations',
    requireSession: true,
    query: z.object({ organizationId: z.string().optional() }),
    async handler(c) {
      const { auth } = c;
      const organizationId = targetOrganizationId(c, c.query.organizationId);
      await requireMembership(auth, organizationId, c.session.user.id);
      return auth.adapter.findMany<InvitationRow>('invitation', {
        where: [{ field: 'organizationId', value: organizationId }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
    },
  });
