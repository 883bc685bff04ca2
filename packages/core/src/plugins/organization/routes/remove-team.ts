import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can } from '../roles.js';
import type { InvitationRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';
import { activeTeamId, clearActiveTeam, requireTeam } from '../teams.js';

/**
 * POST /organization/remove-team {teamId, organizationId?}: needs team:delete; not the
 * caller's active team, not the organization's last one. Its members' places go with it, pending
 * invitations forget it, and no session keeps it active.
 */
export const removeTeam = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/remove-team',
    changesSession: true,
    requireSession: true,
    body: z.object({ teamId: z.string().min(1), organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, body } = c;
      const organizationId = targetOrganizationId(c, body.organizationId);
      const member = await findMember(auth, organizationId, c.session.user.id);
      if (!member || activeTeamId(c) === body.teamId) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM');
      if (!(await can(auth, o, member, { team: ['delete'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION');
      const team = await requireTeam(auth, body.teamId, organizationId);
      await auth.adapter.transaction(async (trx) => {
        if ((await trx.count('team', [{ field: 'organizationId', value: organizationId }])) <= 1) throw orgError('BAD_REQUEST', 'UNABLE_TO_REMOVE_LAST_TEAM');
        await trx.delete('teamMember', [{ field: 'teamId', value: team.id }]);
        await trx.delete('team', [{ field: 'id', value: team.id }]);
        // A pending invitation stays good without it (with no team left, for the organization alone).
        const pending = await trx.findMany<InvitationRow>('invitation', {
          where: [
            { field: 'organizationId', value: organizationId },
            { field: 'status', value: 'pending' },
            { field: 'teamId', value: team.id, operator: 'contains' },
          ],
        });
        for (const invitation of pending) {
          const ids = String(invitation.teamId ?? '').split(',');
          if (!ids.includes(team.id)) continue;
          const rest = ids.filter((id) => id !== team.id);
          await trx.update('invitation', [{ field: 'id', value: invitation.id }], { teamId: rest.length ? rest.join(',') : null });
        }
      });
      await clearActiveTeam(c, team.id);
      await auth.audit.record(c, 'organization.team.deleted', { details: { organizationId, teamId: team.id, name: team.name } });
      return { message: 'Team removed successfully.' };
    },
  });
