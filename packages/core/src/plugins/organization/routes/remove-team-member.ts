import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { clearActiveTeam, findTeamMember, teamMemberChange } from '../teams.js';

/** POST /organization/remove-team-member {teamId, userId}: needs member:delete; the user's sessions no longer keep the team active. */
export const removeTeamMember = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/remove-team-member',
    changesSession: true,
    requireSession: true,
    body: z.object({ teamId: z.string().min(1), userId: z.string().min(1), organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      const team = await teamMemberChange(c, o, body, 'delete', 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER');
      const place = await findTeamMember(auth, team.id, body.userId);
      if (!place) throw orgError('BAD_REQUEST', 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
      await auth.adapter.delete('teamMember', [{ field: 'id', value: place.id }]);
      await clearActiveTeam(c, team.id, body.userId);
      await auth.audit.record(c, 'organization.team.member.removed', {
        userId: body.userId,
        details: { organizationId: team.organizationId, teamId: team.id },
      });
      return { message: 'Team member removed successfully.' };
    },
  });
