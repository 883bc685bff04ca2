import { keysOf } from '../../kit.js';

/** The `scim` options (CONTRACT.md "SCIM provisioning"). Off unless `enabled`; needs the organization plugin. */
export interface ScimOptions {
  enabled?: boolean;
  /** What a directory's Groups become in the organization (by default, groups of people and nothing more). */
  groups?: ScimGroupOptions;
}

export interface ScimGroupOptions {
  /**
   * Each Group is a team of the connection's organization, named as the Group, its members the
   * team's members (needs `organization.teams.enabled`). Deleting the Group removes the team.
   */
  teams?: boolean;
  /**
   * Group displayName (any case) → the organization role its members hold (a configured role or a
   * custom one). A person in several mapped Groups holds each of their roles; in none, `member`.
   * Never `owner`: a directory does not hand out ownership.
   */
  roles?: Record<string, string>;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const scimOptionKeys = keysOf<ScimOptions>({ enabled: true, groups: keysOf<ScimGroupOptions>({ teams: true, roles: true }) });

/** The group mapping as the service applies it: role names by lower-cased displayName. */
export interface GroupMapping {
  teams: boolean;
  roles: ReadonlyMap<string, string>;
}

/** Refuses a SCIM without organizations at start, and a group mapping that cannot work, with a message that says what to change. */
export function resolveScimOptions(o: ScimOptions, organizationEnabled: boolean): GroupMapping {
  if (!organizationEnabled) {
    throw new Error(
      'scim needs the organization plugin (SCIM users and groups belong to an organization): remove organization.enabled: false, or turn scim off',
    );
  }
  const roles = new Map<string, string>();
  for (const [group, role] of Object.entries(o.groups?.roles ?? {})) {
    if (typeof role !== 'string' || !role.trim() || role.includes(',')) {
      throw new Error(`scim.groups.roles["${group}"] must be one role name (no comma), got ${JSON.stringify(role)}`);
    }
    const name = role.trim().toLowerCase();
    if (name === 'owner') throw new Error(`scim.groups.roles["${group}"]: a directory cannot make owners; map the group to admin or a custom role`);
    const key = group.trim().toLowerCase();
    if (!key) throw new Error('scim.groups.roles: a group name cannot be empty');
    roles.set(key, name);
  }
  return { teams: o.groups?.teams === true, roles };
}
