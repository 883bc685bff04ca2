import { type Adapter, type AuthContext, extension, type Where } from '../../kit.js';
import type { ScimCall } from './call.js';
import type { GroupMapping } from './config.js';
import type { ScimGroupRow, ScimUserRow } from './schema.js';

/** No mapping: Groups are groups of people and nothing more. */
export const NO_MAPPING: GroupMapping = { teams: false, roles: new Map() };

/** The mapping in force, kept on the instance for the session routes (list-connections says it). */
export const groupMapping = extension<GroupMapping>('scim.groups');

/** Refuses at start a mapping to teams where teams are off (there is no team table to write). */
export function checkMapping(auth: AuthContext, mapping: GroupMapping): void {
  if (mapping.teams && !auth.schema.team) throw new Error('scim.groups.teams needs teams: set organization.teams.enabled, or remove scim.groups.teams');
}

interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  [key: string]: unknown;
}

interface MemberRow {
  id: string;
  role: string;
  [key: string]: unknown;
}

const byId = (ids: readonly string[]): Where => ({ field: 'id', value: [...ids], operator: 'in' });

/** The roles the person's Groups map to (comma-separated, in name order), or null when none maps. */
function mappedRole(mapping: GroupMapping, groups: readonly ScimGroupRow[]): string | null {
  const roles = new Set<string>();
  for (const g of groups) {
    const role = mapping.roles.get(g.displayName.trim().toLowerCase());
    if (role) roles.add(role);
  }
  return roles.size ? [...roles].sort().join(',') : null;
}

/** Sessions of `userId` that keep one of `teamIds` active forget it (as the organization's own team removal does). */
async function forgetActiveTeams(auth: AuthContext, trx: Adapter, teamIds: readonly string[], userId?: string): Promise<void> {
  if (!teamIds.length || !auth.schema.session?.fields.activeTeamId) return;
  const where: Where[] = [{ field: 'activeTeamId', value: [...teamIds], operator: 'in' }];
  if (userId) where.push({ field: 'userId', value: userId });
  const sessions = await trx.findMany<{ id: string; updatedAt: Date }>('session', { where });
  for (const s of sessions) await trx.update('session', [{ field: 'id', value: s.id }], { activeTeamId: null, updatedAt: s.updatedAt });
}

/**
 * Makes one provisioned person's place in the organization follow their Groups (inside the write's
 * transaction, after their `active` and Group memberships are written): with a role mapping, the
 * member's role is that of their mapped Groups (else `member`; an owner is never changed); with a
 * team mapping, they are in exactly the teams of their Groups. Inactive or deleted: in no team of
 * the organization (their membership has ended).
 */
export async function syncPlace(call: ScimCall, trx: Adapter, link: ScimUserRow): Promise<void> {
  const { auth, groups: mapping } = call;
  if (!mapping.teams && !mapping.roles.size) return;
  const active = link.active && !link.deleted;
  const orgTeams = auth.schema.team
    ? (await trx.findMany<TeamRow>('team', { where: [{ field: 'organizationId', value: link.organizationId }] })).map((t) => t.id)
    : [];
  if (!active) {
    if (orgTeams.length) {
      await trx.delete('teamMember', [
        { field: 'userId', value: link.userId },
        { field: 'teamId', value: orgTeams, operator: 'in' },
      ]);
    }
    return;
  }
  const memberships = await trx.findMany<{ groupId: string }>('scimGroupMember', { where: [{ field: 'scimUserId', value: link.id }] });
  const groups = memberships.length
    ? await trx.findMany<ScimGroupRow>('scimGroup', {
        where: [
          { field: 'organizationId', value: link.organizationId },
          { field: 'providerId', value: link.providerId },
          byId(memberships.map((m) => m.groupId)),
        ],
      })
    : [];

  if (mapping.roles.size) {
    const member = await trx.findOne<MemberRow>('member', [
      { field: 'organizationId', value: link.organizationId },
      { field: 'userId', value: link.userId },
    ]);
    const role = mappedRole(mapping, groups) ?? 'member';
    if (member && member.role !== role && !member.role.split(',').includes('owner')) {
      await trx.update('member', [{ field: 'id', value: member.id }], { role });
    }
  }

  if (mapping.teams && orgTeams.length) {
    const known = new Set(orgTeams);
    const wanted = new Set(groups.map((g) => g.teamId).filter((id): id is string => typeof id === 'string' && known.has(id)));
    // The teams of this connection's Groups: a team the person joined in the app, outside the directory, is theirs to keep.
    const directoryTeams = (
      await trx.findMany<ScimGroupRow>('scimGroup', {
        where: [
          { field: 'organizationId', value: link.organizationId },
          { field: 'providerId', value: link.providerId },
        ],
      })
    )
      .map((g) => g.teamId)
      .filter((id): id is string => typeof id === 'string' && known.has(id));
    const places = directoryTeams.length
      ? await trx.findMany<{ id: string; teamId: string }>('teamMember', {
          where: [
            { field: 'userId', value: link.userId },
            { field: 'teamId', value: directoryTeams, operator: 'in' },
          ],
        })
      : [];
    const gone = places.filter((p) => !wanted.has(p.teamId));
    if (gone.length) {
      await trx.delete('teamMember', [byId(gone.map((p) => p.id))]);
      await forgetActiveTeams(
        auth,
        trx,
        gone.map((p) => p.teamId),
        link.userId,
      );
    }
    const have = new Set(places.map((p) => p.teamId));
    for (const teamId of wanted) if (!have.has(teamId)) await trx.create('teamMember', { teamId, userId: link.userId });
  }
}

/**
 * With a team mapping, the Group's team (created when it has none, or when it was removed in the
 * app; renamed with the Group). Answers whether the team is new (its members then all need places).
 */
export async function ensureTeam(call: ScimCall, trx: Adapter, group: ScimGroupRow): Promise<boolean> {
  if (!call.groups.teams) return false;
  const existing =
    typeof group.teamId === 'string'
      ? await trx.findOne<TeamRow>('team', [
          { field: 'id', value: group.teamId },
          { field: 'organizationId', value: group.organizationId },
        ])
      : null;
  if (existing) {
    if (existing.name !== group.displayName) await trx.update('team', [{ field: 'id', value: existing.id }], { name: group.displayName });
    return false;
  }
  const team = await trx.create<TeamRow>('team', { name: group.displayName, organizationId: group.organizationId });
  if (!team) throw new Error('the team was not created');
  await trx.update('scimGroup', [{ field: 'id', value: group.id }], { teamId: team.id });
  group.teamId = team.id;
  return true;
}

/**
 * With a team mapping, a deleted Group's team goes with it (its places, and any session's choice of
 * it), unless it is the organization's last team, which the organization keeps (as remove-team does).
 */
export async function dropTeam(call: ScimCall, trx: Adapter, group: ScimGroupRow): Promise<void> {
  if (!call.groups.teams || typeof group.teamId !== 'string') return;
  const teams = await trx.count('team', [{ field: 'organizationId', value: group.organizationId }]);
  if (teams <= 1) return;
  await trx.delete('teamMember', [{ field: 'teamId', value: group.teamId }]);
  await trx.delete('team', [
    { field: 'id', value: group.teamId },
    { field: 'organizationId', value: group.organizationId },
  ]);
  await forgetActiveTeams(call.auth, trx, [group.teamId]);
}

/** The provisioned people (this connection's, not deleted) with these SCIM ids. */
export async function linksOf(call: ScimCall, trx: Adapter, scimUserIds: readonly string[]): Promise<ScimUserRow[]> {
  if (!scimUserIds.length) return [];
  return trx.findMany<ScimUserRow>('scimUser', {
    where: [{ field: 'organizationId', value: call.connection.organizationId }, { field: 'providerId', value: call.connection.providerId }, byId(scimUserIds)],
  });
}
