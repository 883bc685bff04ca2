import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import type { TeamMemberRow } from '../schema.js';
import { findMember } from '../shared.js';
import { activeTeamId, findTeam, findTeamMember } from '../teams.js';

/** GET /organization/list-team-members?teamId (default the active team): for the team's own members. */
export const listTeamMembers = () =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-team-members',
    requireSession: true,
    query: z.object({ teamId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth } = c;
      const teamId = c.query.teamId ?? activeTeamId(c);
      if (!teamId) throw orgError('BAD_REQUEST', 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM');
      const team = await findTeam(auth, teamId);
      if (!team) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
      const userId = c.session.user.id;
      // A place in the team counts only with a membership of its organization.
      if (!(await findMember(auth, team.organizationId, userId)) || !(await findTeamMember(auth, team.id, userId))) {
        throw orgError('BAD_REQUEST', 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
      }
      return auth.adapter.findMany<TeamMemberRow>('teamMember', {
        where: [{ field: 'teamId', value: team.id }],
        sortBy: { field: 'createdAt', direction: 'asc' },
      });
    },
  });
