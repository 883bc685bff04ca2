import type { AuthContext, Row, SessionWithUser, SignedInContext, UserRow, Where } from '../../kit.js';
import { roleNames } from './access.js';
import type { OrganizationConfig } from './config.js';
import { orgError } from './errors.js';
import type { InvitationRow, MemberRow, OrganizationRow, TeamRow } from './schema.js';

export function activeOrganizationId(c: SignedInContext): string | null {
  return (c.session.session.activeOrganizationId as string | null | undefined) ?? null;
}

/** The organization a call is about: the one named, else the session's active one. */
export function targetOrganizationId(c: SignedInContext, given: string | undefined | null): string {
  const id = given ?? activeOrganizationId(c);
  if (!id) throw orgError('BAD_REQUEST', 'NO_ACTIVE_ORGANIZATION');
  return id;
}

export async function findOrganization(auth: AuthContext, by: { id?: string; slug?: string }): Promise<OrganizationRow | null> {
  const where: Where[] = by.id !== undefined ? [{ field: 'id', value: by.id }] : [{ field: 'slug', value: by.slug }];
  return auth.adapter.findOne<OrganizationRow>('organization', where);
}

export async function requireOrganization(auth: AuthContext, id: string): Promise<OrganizationRow> {
  const org = await findOrganization(auth, { id });
  if (!org) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
  return org;
}

export async function findMember(auth: AuthContext, organizationId: string, userId: string): Promise<MemberRow | null> {
  return auth.adapter.findOne<MemberRow>('member', [
    { field: 'organizationId', value: organizationId },
    { field: 'userId', value: userId },
  ]);
}

/**
 * The organization a member's read names (`organizationId` or `organizationSlug`, else the session's
 * active one): null when none is named or active; 400 `ORGANIZATION_NOT_FOUND`, or 403 to a non-member.
 */
export async function organizationOfMember(c: SignedInContext, by: { organizationId?: string; organizationSlug?: string }): Promise<OrganizationRow | null> {
  const id = by.organizationId ?? (by.organizationSlug ? undefined : activeOrganizationId(c));
  if (!id && !by.organizationSlug) return null;
  const organization = await findOrganization(c.auth, id ? { id } : { slug: by.organizationSlug });
  if (!organization) throw orgError('BAD_REQUEST', 'ORGANIZATION_NOT_FOUND');
  if (!(await findMember(c.auth, organization.id, c.session.user.id))) throw orgError('FORBIDDEN', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  return organization;
}

/** The caller's membership of an existing organization, or 403. */
export async function requireMembership(
  auth: AuthContext,
  organizationId: string,
  userId: string,
): Promise<{ organization: OrganizationRow; member: MemberRow }> {
  const organization = await requireOrganization(auth, organizationId);
  const member = await findMember(auth, organizationId, userId);
  if (!member) throw orgError('FORBIDDEN', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  return { organization, member };
}

export function isOwnerRole(o: OrganizationConfig, role: string): boolean {
  return roleNames(role).includes(o.creatorRole);
}

export async function ownerCount(auth: AuthContext, o: OrganizationConfig, organizationId: string): Promise<number> {
  const members = await auth.adapter.findMany<MemberRow>('member', { where: [{ field: 'organizationId', value: organizationId }] });
  return members.filter((m) => isOwnerRole(o, m.role)).length;
}

/**
 * Writes the caller's session fields (`activeOrganizationId`, `activeTeamId`), keeping the
 * cookie cache in step; get-session (and its fast lane) read them from the row.
 */
export async function updateCallerSession(c: SignedInContext, fields: Row): Promise<void> {
  const { auth } = c;
  const s = c.session;
  // updatedAt is kept: switching organizations must not make a session fresh again.
  const updated = await auth.adapter.update<SessionWithUser['session']>('session', [{ field: 'id', value: s.session.id }], {
    ...fields,
    updatedAt: s.session.updatedAt,
  });
  if (!updated) return;
  c.session = { ...s, session: updated };
  if (auth.options.session.cookieCache.enabled) {
    auth.sessions.setCookies(c, { session: updated, user: s.user, token: s.token }, !!updated.dontRemember);
  }
}

/**
 * Makes `organizationId` the caller's active organization (null clears it). With teams, a
 * change of organization leaves no team of the former one active (`activeTeamId`, given, or null).
 */
export async function setActiveOrganization(c: SignedInContext, organizationId: string | null, teams?: { activeTeamId: string | null }): Promise<void> {
  const fields: Row = { activeOrganizationId: organizationId };
  if (teams && (teams.activeTeamId !== null || organizationId !== activeOrganizationId(c))) fields.activeTeamId = teams.activeTeamId;
  await updateCallerSession(c, fields);
}

/**
 * After a membership or an organization is gone, no session may keep it
 * active: every session of `userId` (or of anyone, when omitted) is cleared,
 * and its active team with it when teams are on.
 */
export async function clearActiveOrganization(c: SignedInContext, o: OrganizationConfig, organizationId: string, userId?: string): Promise<void> {
  const where: Where[] = [{ field: 'activeOrganizationId', value: organizationId }];
  if (userId) where.push({ field: 'userId', value: userId });
  const cleared: Row = o.teams.enabled ? { activeOrganizationId: null, activeTeamId: null } : { activeOrganizationId: null };
  const affected = await c.auth.adapter.findMany<SessionWithUser['session']>('session', { where });
  for (const row of affected) {
    await c.auth.adapter.update('session', [{ field: 'id', value: row.id }], { ...cleared, updatedAt: row.updatedAt });
  }
  const s = c.session;
  if (s.session.activeOrganizationId === organizationId && (!userId || userId === s.user.id)) {
    await updateCallerSession(c, cleared);
  }
}

export type PublicUser = { id: string; name: string; email: string; image: string | null };

/** Members with the public part of their user, as get-full-organization and list-members answer them. */
export async function withUsers(auth: AuthContext, members: MemberRow[]): Promise<(MemberRow & { user: PublicUser })[]> {
  if (!members.length) return [];
  const users = await auth.adapter.findMany<UserRow>('user', {
    where: [{ field: 'id', value: [...new Set(members.map((m) => m.userId))], operator: 'in' }],
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return members.flatMap((m) => {
    const u = byId.get(m.userId);
    return u ? [{ ...m, user: { id: u.id, name: u.name, email: u.email, image: u.image ?? null } }] : [];
  });
}

/** The organization with its members (and their users), its invitations and, with teams on, its teams (as better-auth 1.7). */
export async function fullOrganization(auth: AuthContext, organization: OrganizationRow, o?: Pick<OrganizationConfig, 'teams'>) {
  const [members, invitations, teams] = await Promise.all([
    auth.adapter.findMany<MemberRow>('member', {
      where: [{ field: 'organizationId', value: organization.id }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    }),
    auth.adapter.findMany<InvitationRow>('invitation', {
      where: [{ field: 'organizationId', value: organization.id }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    }),
    o?.teams.enabled
      ? auth.adapter.findMany<TeamRow>('team', {
          where: [{ field: 'organizationId', value: organization.id }],
          sortBy: { field: 'createdAt', direction: 'asc' },
        })
      : undefined,
  ]);
  return { ...organization, members: await withUsers(auth, members), invitations, ...(teams ? { teams } : {}) };
}

/** An invitation that can still be answered: pending and not expired. */
export function isOpen(auth: AuthContext, invitation: InvitationRow): boolean {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() > auth.now();
}
