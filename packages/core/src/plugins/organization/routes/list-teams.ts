import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import type { TeamRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** GET /organization/list-teams?organizationId: the organization's teams, for its members. */
export const listTeams = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-teams',
    requireSession: true,
    query: z.object({ organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth } = c;
      const organizationId = targetOrganizationId(c, c.query.organizationId);
      if (!(await findMember(auth, organizationId, c.session.user.id))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION');
      return auth.adapter.findMany<TeamRow>('team', {
        where: [{ field: 'organizationId', value: organizationId }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
    },
  });
