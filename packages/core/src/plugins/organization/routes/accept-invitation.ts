import { z } from 'zod';
import { APIError, type AuthContext, defineEndpoint } from '../../../kit.js';
import { orgError } from '../errors.js';
import { requireAnswerable, requireInviterStillMember } from '../invitations.js';
import { roleExists } from '../access.js';
import type { OrganizationConfig } from '../config.js';
import { lockRow } from '../limits.js';
import { rolesIn } from '../roles.js';
import type { InvitationRow, MemberRow, TeamMemberRow, TeamRow } from '../schema.js';
import { findMember, setActiveOrganization } from '../shared.js';

/**
 * The teams an invitation names that still exist (a removed team is taken off pending
 * invitations); whether each has room under `maximumMembersPerTeam` is checked in the transaction.
 */
async function invitedTeams(auth: AuthContext, o: OrganizationConfig, invitation: InvitationRow): Promise<TeamRow[]> {
  const ids = typeof invitation.teamId === 'string' && invitation.teamId ? invitation.teamId.split(',') : [];
  if (!o.teams.enabled || !ids.length) return [];
  const teams = await auth.adapter.findMany<TeamRow>('team', {
    where: [
      { field: 'id', value: ids, operator: 'in' },
      { field: 'organizationId', value: invitation.organizationId },
    ],
  });
  // In the invitation's order: the first becomes the active team.
  return ids.flatMap((id) => teams.filter((t) => t.id === id));
}

/**
 * POST /organization/accept-invitation: the recipient becomes a member with the
 * invited role (and of the invited teams), and the organization (and the first of those
 * teams) becomes the session's active one.
 */
export const acceptInvitation = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/accept-invitation',
    changesSession: true,
    requireSession: true,
    body: z.object({ invitationId: z.string().min(1) }),
    async handler(c) {
      const { auth } = c;
      const user = c.session.user;
      const invitation = await requireAnswerable(c, c.body.invitationId);
      await requireInviterStillMember(c, invitation);
      if (await findMember(auth, invitation.organizationId, user.id)) {
        throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      }
      // A custom role deleted since the invitation was sent grants nothing: refused rather than given.
      if (o.dynamicAccessControl.enabled && !roleExists(await rolesIn(auth, o, invitation.organizationId), invitation.role)) {
        throw orgError('BAD_REQUEST', 'ROLE_NOT_FOUND');
      }
      const teams = await invitedTeams(auth, o, invitation);
      let result: { invitation: InvitationRow; member: MemberRow };
      try {
        result = await auth.adapter.transaction(async (trx) => {
          // Every invited team held first (in id order, as any other transaction takes them), then counted: no add races past the limit.
          const held = [...teams].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
          for (const team of held) await lockRow(trx, 'team', team.id);
          const max = o.teams.maximumMembersPerTeam;
          for (const team of held) {
            if (max !== undefined && (await trx.count('teamMember', [{ field: 'teamId', value: team.id }])) >= max)
              throw orgError('FORBIDDEN', 'TEAM_MEMBER_LIMIT_REACHED');
          }
          // Conditional on "still pending": of two racing answers, one wins.
          const accepted = await trx.update<InvitationRow>(
            'invitation',
            [
              { field: 'id', value: invitation.id },
              { field: 'status', value: 'pending' },
            ],
            { status: 'accepted' },
          );
          if (!accepted) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
          const member = await trx.create<MemberRow>('member', { organizationId: invitation.organizationId, userId: user.id, role: invitation.role });
          if (!member) throw orgError('BAD_REQUEST', 'INVITATION_NOT_FOUND');
          for (const team of teams) await trx.create<TeamMemberRow>('teamMember', { teamId: team.id, userId: user.id });
          return { invitation: accepted, member };
        });
      } catch (e) {
        // A membership added meanwhile by a racing request: one per user and organization.
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) {
          throw orgError('BAD_REQUEST', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
        }
        throw e;
      }
      await setActiveOrganization(c, invitation.organizationId, o.teams.enabled ? { activeTeamId: teams[0]?.id ?? null } : undefined);
      return result;
    },
  });
