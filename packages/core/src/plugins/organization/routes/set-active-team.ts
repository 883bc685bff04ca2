import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { activeOrganizationId } from '../shared.js';
import { activeTeamId, findTeam, findTeamMember, setActiveTeam } from '../teams.js';

/**
 * POST /organization/set-active-team {teamId}: a team of the active organization the caller is
 * in becomes the session's `activeTeamId`; `null` clears it; left out, the current one is
 * answered. Answers the team (or null).
 */
export const setActiveTeamRoute = () =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/set-active-team',
    changesSession: true,
    requireSession: true,
    body: z.object({ teamId: z.string().min(1).nullish() }),
    async handler(c) {
      const { auth, body } = c;
      if (body.teamId === null) {
        if (activeTeamId(c)) await setActiveTeam(c, null);
        return null;
      }
      const teamId = body.teamId ?? activeTeamId(c);
      if (!teamId) return null;
      const organizationId = activeOrganizationId(c);
      if (!organizationId) throw orgError('BAD_REQUEST', 'NO_ACTIVE_ORGANIZATION');
      const team = await findTeam(auth, teamId);
      if (!team) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
      // A team one is not in: 403 whatever its organization; one's own team elsewhere: switch organization first.
      if (!(await findTeamMember(auth, team.id, c.session.user.id))) throw orgError('FORBIDDEN', 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
      if (team.organizationId !== organizationId) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
      if (team.id !== activeTeamId(c)) await setActiveTeam(c, team.id);
      return team;
    },
  });
