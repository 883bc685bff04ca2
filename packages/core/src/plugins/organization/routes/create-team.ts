import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { withinLimit } from '../limits.js';
import { can } from '../roles.js';
import type { TeamRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/**
 * POST /organization/create-team {name, organizationId?}: needs team:create; answers the team.
 * `teams.maximumTeams` is counted with the organization's row held (two creates at the limit: one wins).
 */
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
      const team = await auth.adapter.transaction(async (trx) => {
        await withinLimit(
          trx,
          { model: 'organization', id: organizationId },
          'team',
          [{ field: 'organizationId', value: organizationId }],
          o.teams.maximumTeams,
          () => orgError('BAD_REQUEST', 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS'),
        );
        return trx.create<TeamRow>('team', { name: body.name, organizationId });
      });
      if (!team) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION');
      await auth.audit.record(c, 'organization.team.created', { details: { organizationId, teamId: team.id, name: team.name } });
      return team;
    },
  });
