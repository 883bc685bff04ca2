import { z } from 'zod';

/** One organization role a directory group maps to: never `owner` (a directory does not hand out ownership), one name, no comma. */
const mappedRole = z
  .string()
  .refine((role) => role.trim() !== '' && !role.includes(','), { error: (issue) => `must be one role name (no comma), got ${JSON.stringify(issue.input)}` })
  .refine((role) => role.trim().toLowerCase() !== 'owner', 'a directory cannot make owners; map the group to admin or a custom role');

export const scimGroupOptions = z.strictObject({
  /**
   * Each Group is a team of the connection's organization, named as the Group, its members the
   * team's members (needs `organization.teams.enabled`). Deleting the Group removes the team.
   */
  teams: z.boolean().optional(),
  /**
   * Group displayName (any case) → the organization role its members hold (a configured role or a
   * custom one). A person in several mapped Groups holds each of their roles; in none, `member`.
   * Never `owner`: a directory does not hand out ownership.
   */
  roles: z
    .record(
      z.string().refine((group) => group.trim() !== '', 'a group name cannot be empty'),
      mappedRole,
    )
    .optional(),
});

/** The `scim` options (CONTRACT.md "SCIM provisioning"). Off unless `enabled`; needs the organization plugin. */
export const scimOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** What a directory's Groups become in the organization (by default, groups of people and nothing more). */
  groups: scimGroupOptions.optional(),
});

export type ScimOptions = z.input<typeof scimOptions>;
export type ScimGroupOptions = z.input<typeof scimGroupOptions>;

/** The group mapping as the service applies it: role names by lower-cased displayName. */
export interface GroupMapping {
  teams: boolean;
  roles: ReadonlyMap<string, string>;
}

/** Refuses a SCIM without organizations at start (the mapping's own rules are the schema's, checked by `createAuth`). */
export function resolveScimOptions(o: ScimOptions, organizationEnabled: boolean): GroupMapping {
  if (!organizationEnabled) {
    throw new Error(
      'scim needs the organization plugin (SCIM users and groups belong to an organization): remove organization.enabled: false, or turn scim off',
    );
  }
  const roles = new Map<string, string>();
  for (const [group, role] of Object.entries(o.groups?.roles ?? {})) roles.set(group.trim().toLowerCase(), role.trim().toLowerCase());
  return { teams: o.groups?.teams === true, roles };
}
