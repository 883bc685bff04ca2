import { z } from 'zod';
import { APIError, defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { TeamMemberRow } from '../schema.js';
import { withinLimit } from '../limits.js';
import { findTeamMember, teamMemberChange } from '../teams.js';

/**
 * POST /organization/add-team-member {teamId, userId}: needs member:update; the user must be a
 * member of the team's organization. Adding someone already in the team answers their place.
 * `teams.maximumMembersPerTeam` is counted with the team's row held (two adds at the limit: one wins).
 */
export const addTeamMember = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/add-team-member',
    requireSession: true,
    body: z.object({ teamId: z.string().min(1), userId: z.string().min(1), organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      const team = await teamMemberChange(c, o, body, 'update', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER');
      const existing = await findTeamMember(auth, team.id, body.userId);
      if (existing) return existing;
      try {
        const created = await auth.adapter.transaction(async (trx) => {
          await withinLimit(trx, { model: 'team', id: team.id }, 'teamMember', [{ field: 'teamId', value: team.id }], o.teams.maximumMembersPerTeam, () =>
            orgError('FORBIDDEN', 'TEAM_MEMBER_LIMIT_REACHED'),
          );
          return trx.create<TeamMemberRow>('teamMember', { teamId: team.id, userId: body.userId });
        });
        if (!created) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER');
        await auth.audit.record(c, 'organization.team.member.added', {
          userId: body.userId,
          details: { organizationId: team.organizationId, teamId: team.id },
        });
        return created;
      } catch (e) {
        // Added meanwhile by a racing request: one place per team and user.
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) {
          const raced = await findTeamMember(auth, team.id, body.userId);
          if (raced) return raced;
        }
        throw e;
      }
    },
  });
