import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can } from '../roles.js';
import type { TeamRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** POST /organization/create-team {name, organizationId?}: needs team:create; answers the team. */
export const createTeam = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/create-team',
    requireSession: true,
    body: z.object({ name: z.string().trim().min(1).max(255), organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (!(await can(auth, o, member, { team: ['create'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
      const max = o.teams.maximumTeams;
      if (max !== undefined && (await auth.adapter.count('team', [{ field: 'organizationId', value: organizationId }])) >= max) {
        throw orgError('BAD_REQUEST', 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS');
      }
      const team = await auth.adapter.create<TeamRow>('team', { name: body.name, organizationId });
      if (!team) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
      return team;
    },
  });
