import { z } from 'zod';
import { APIError, defineEndpoint, fail, isAdministrator, type UserRow } from '../../../kit.js';
import type { OrganizationConfig } from '../config.js';
import { orgError } from '../errors.js';
import type { MemberRow, OrganizationRow, TeamMemberRow, TeamRow } from '../schema.js';
import { findOrganization, setActiveOrganization } from '../shared.js';

/**
 * POST /organization/create: the organization and its owner membership in one
 * transaction (with teams, its first team too); the new organization (and that team)
 * becomes the caller's active one.
 * `userId` (create for someone else) is honoured only for admins of the admin plugin.
 */
export const createOrganization = (o: OrganizationConfig) =>
  defineEndpoint({
    method: 'POST',
    path: '/organization/create',
    changesSession: true,
    requireSession: true,
    body: z.object({
      name: z.string().trim().min(1).max(255),
      slug: z.string().trim().min(1).max(255),
      userId: z.string().optional(),
      logo: z.string().max(10_000).nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    }),
    async handler(c) {
      const { auth, body } = c;
      const s = c.session;
      let user: UserRow = s.user;
      if (body.userId && body.userId !== s.user.id) {
        if (!isAdministrator(auth, s.user)) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
        const other = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: body.userId }]);
        if (!other) fail('BAD_REQUEST', 'USER_NOT_FOUND');
        user = other;
      }

      const allow = o.allowUserToCreateOrganization;
      const allowed = typeof allow === 'function' ? await allow(user) : allow;
      if (!allowed) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
      if (o.organizationLimit !== undefined) {
        const count = await auth.adapter.count('member', [{ field: 'userId', value: user.id }]);
        if (count >= o.organizationLimit) throw orgError('FORBIDDEN', 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS');
      }
      if (await findOrganization(auth, { slug: body.slug })) throw orgError('BAD_REQUEST', 'ORGANIZATION_ALREADY_EXISTS');

      let created: { organization: OrganizationRow; member: MemberRow; team: TeamRow | null } | null;
      try {
        created = await auth.adapter.transaction(async (trx) => {
          const organization = await trx.create<OrganizationRow>('organization', {
            name: body.name,
            slug: body.slug,
            logo: body.logo ?? null,
            metadata: body.metadata ?? null,
          });
          if (!organization) return null;
          const member = await trx.create<MemberRow>('member', { organizationId: organization.id, userId: user.id, role: o.creatorRole });
          // A database hook refused the membership: no organization without its owner.
          if (!member) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
          // With teams, a first team named as the organization, its creator in it.
          let team: TeamRow | null = null;
          if (o.teams.enabled) {
            team = await trx.create<TeamRow>('team', { name: organization.name, organizationId: organization.id });
            if (!team || !(await trx.create<TeamMemberRow>('teamMember', { teamId: team.id, userId: user.id }))) {
              throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
            }
          }
          return { organization, member, team };
        });
      } catch (e) {
        if (!(e instanceof APIError) && auth.database.caps.isUniqueViolation(e)) throw orgError('BAD_REQUEST', 'ORGANIZATION_ALREADY_EXISTS');
        throw e;
      }
      if (!created) throw orgError('FORBIDDEN', 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION');
      if (user.id === s.user.id) {
        await setActiveOrganization(c, created.organization.id, o.teams.enabled ? { activeTeamId: created.team?.id ?? null } : undefined);
      }
      return { ...created.organization, members: [created.member] };
    },
  });
