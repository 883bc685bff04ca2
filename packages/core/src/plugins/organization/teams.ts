import type { Adapter, AuthContext, SessionWithUser, SignedInContext } from '../../kit.js';
import type { ORGANIZATION_ERRORS } from './errors.js';
import type { OrganizationConfig } from './config.js';
import { orgError } from './errors.js';
import type { TeamMemberRow, TeamRow } from './schema.js';
import { can } from './roles.js';
import { findMember, targetOrganizationId, updateCallerSession } from './shared.js';

/** The caller's active team, if any (a session field only while teams are on). */
export function activeTeamId(c: SignedInContext): string | null {
  return (c.session.session.activeTeamId as string | null | undefined) ?? null;
}

/** A team by id, within `organizationId` when given (a team of another organization is not found). */
export async function findTeam(auth: AuthContext, teamId: string, organizationId?: string): Promise<TeamRow | null> {
  const where = [{ field: 'id', value: teamId }];
  if (organizationId !== undefined) where.push({ field: 'organizationId', value: organizationId });
  return auth.adapter.findOne<TeamRow>('team', where);
}

/** The team of `organizationId`, or 400 TEAM_NOT_FOUND. */
export async function requireTeam(auth: AuthContext, teamId: string, organizationId: string): Promise<TeamRow> {
  const team = await findTeam(auth, teamId, organizationId);
  if (!team) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
  return team;
}

/** Every id names a team of `organizationId` (teams on), or 400 TEAM_NOT_FOUND. */
export async function requireTeamsOf(auth: AuthContext, o: OrganizationConfig, organizationId: string, teamIds: readonly string[]): Promise<TeamRow[]> {
  if (!o.teams.enabled) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
  const teams = await auth.adapter.findMany<TeamRow>('team', {
    where: [
      { field: 'id', value: [...teamIds], operator: 'in' },
      { field: 'organizationId', value: organizationId },
    ],
  });
  if (teams.length !== new Set(teamIds).size) throw orgError('BAD_REQUEST', 'TEAM_NOT_FOUND');
  return teams;
}

export async function findTeamMember(auth: AuthContext, teamId: string, userId: string): Promise<TeamMemberRow | null> {
  return auth.adapter.findOne<TeamMemberRow>('teamMember', [
    { field: 'teamId', value: teamId },
    { field: 'userId', value: userId },
  ]);
}

/** The team ids of an organization. */
export async function teamIdsOf(db: Adapter, organizationId: string): Promise<string[]> {
  return (await db.findMany<TeamRow>('team', { where: [{ field: 'organizationId', value: organizationId }] })).map((t) => t.id);
}

/** A user's places in the organization's teams go with their membership (teams on). */
export async function removeFromTeams(db: Adapter, o: OrganizationConfig, organizationId: string, userId: string): Promise<void> {
  if (!o.teams.enabled) return;
  const teamIds = await teamIdsOf(db, organizationId);
  if (!teamIds.length) return;
  await db.delete('teamMember', [
    { field: 'teamId', value: teamIds, operator: 'in' },
    { field: 'userId', value: userId },
  ]);
}

/** The caller's active team (null clears it), as set-active-team and accept-invitation set it. */
export async function setActiveTeam(c: SignedInContext, teamId: string | null): Promise<void> {
  await updateCallerSession(c, { activeTeamId: teamId });
}

/** No session (of `userId`, or anyone's) keeps a team active that it may no longer see. */
export async function clearActiveTeam(c: SignedInContext, teamId: string, userId?: string): Promise<void> {
  const where = [{ field: 'activeTeamId', value: teamId }];
  if (userId) where.push({ field: 'userId', value: userId });
  const affected = await c.auth.adapter.findMany<SessionWithUser['session']>('session', { where });
  for (const row of affected) {
    if (row.id === c.session.session.id) await setActiveTeam(c, null);
    else await c.auth.adapter.update('session', [{ field: 'id', value: row.id }], { activeTeamId: null, updatedAt: row.updatedAt });
  }
}

/**
 * The team and the person a team-member change names, checked as add- and remove-team-member both
 * need: the caller a member of the organization holding `permission` (else 403 `refusal`), the
 * person a member of it, the team in it.
 */
export async function teamMemberChange(
  c: SignedInContext,
  o: OrganizationConfig,
  body: { teamId: string; userId: string; organizationId?: string },
  permission: 'update' | 'delete',
  refusal: keyof typeof ORGANIZATION_ERRORS,
): Promise<TeamRow> {
  const { auth } = c;
  const organizationId = targetOrganizationId(c, body.organizationId);
  const caller = await findMember(auth, organizationId, c.session.user.id);
  if (!caller) throw orgError('BAD_REQUEST', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  if (!(await can(auth, o, caller, { member: [permission] }))) throw orgError('FORBIDDEN', refusal);
  if (!(await findMember(auth, organizationId, body.userId))) throw orgError('BAD_REQUEST', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  return requireTeam(auth, body.teamId, organizationId);
}
