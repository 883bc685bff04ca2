import { z } from 'zod';
import { type AuthContext, defineEndpoint } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import { can } from '../roles.js';
import type { MemberRow, TeamMemberRow, TeamRow } from '../schema.js';
import { findMember, targetOrganizationId } from '../shared.js';

/** The teams `userId` is in, of `organizationId` or of every organization they are a member of. */
async function teamsOfUser(auth: AuthContext, userId: string, organizationId?: string): Promise<TeamRow[]> {
  const places = await auth.adapter.findMany<TeamMemberRow>('teamMember', { where: [{ field: 'userId', value: userId }] });
  if (!places.length) return [];
  const where = [{ field: 'id', value: [...new Set(places.map((p) => p.teamId))], operator: 'in' as const }];
  const teams = await auth.adapter.findMany<TeamRow>('team', { where, sortBy: { field: 'createdAt', direction: 'asc' } });
  if (organizationId !== undefined) return teams.filter((t) => t.organizationId === organizationId);
  // A stray place in a team of an organization one has left shows nothing.
  const memberships = await auth.adapter.findMany<MemberRow>('member', { where: [{ field: 'userId', value: userId }] });
  const mine = new Set(memberships.map((m) => m.organizationId));
  return teams.filter((t) => mine.has(t.organizationId));
}

/**
 * GET /organization/list-user-teams?userId&organizationId: one's own teams (of every
 * organization, or of the one named); another member's, in one organization, needs member:update.
 */
export const listUserTeams = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'GET',
    path: '/organization/list-user-teams',
    requireSession: true,
    query: z.object({ userId: z.string().min(1).optional(), organizationId: z.string().min(1).optional() }),
    async handler(c) {
      const { auth, query } = c;
      const self = c.session.user.id;
      const userId = query.userId ?? self;
      if (userId === self && query.organizationId === undefined) return teamsOfUser(auth, self);
      const organizationId = userId === self ? query.organizationId! : targetOrganizationId(c, query.organizationId);
      const caller = await findMember(auth, organizationId, self);
      if (!caller) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      if (userId !== self) {
        if (!(await can(auth, o, caller, { member: ['update'] }))) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
        if (!(await findMember(auth, organizationId, userId))) throw orgError('BAD_REQUEST', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
      }
      return teamsOfUser(auth, userId, organizationId);
    },
  });
