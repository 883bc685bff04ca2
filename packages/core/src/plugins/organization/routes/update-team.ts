import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can } from '../roles.js';
import type { TeamRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';
import { requireTeam } from '../teams.js';

/**
 * POST /organization/update-team {teamId, data: {name}}: needs team:update in the team's
 * organization (the one named, as better-auth 1.7 reads it from `data.organizationId`, else the
 * active one); a team never moves to another organization.
 */
export const updateTeam = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/update-team',
    requireSession: true,
    body: z.object({
      teamId: z.string().min(1),
      data: z.object({ name: z.string().trim().min(1).max(255).optional(), organizationId: z.string().min(1).optional() }),
      organizationId: z.string().min(1).optional(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.data.organizationId ?? body.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member || !(await can(auth, o, member, { team: ['update'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM');
      const team = await requireTeam(auth, body.teamId, organizationId);
      if (body.data.name === undefined || body.data.name === team.name) return team;
      const updated = await auth.adapter.update<TeamRow>(
        'team',
        [
          { field: 'id', value: team.id },
          { field: 'organizationId', value: organizationId },
        ],
        { name: body.data.name },
      );
      if (!updated) return team;
      await auth.audit.record(c, 'organization.team.renamed', { details: { organizationId, teamId: team.id, from: team.name, to: updated.name } });
      return updated;
    },
  });
