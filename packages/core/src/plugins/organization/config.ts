import { z } from 'zod';
import { callback, type Row, wholeNumber } from '../../kit.js';
import { DEFAULT_ROLES, type Roles } from './access.js';

/** Teams inside organizations (off unless `enabled`). */
export const teamsOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** At most this many teams per organization (none by default). */
  maximumTeams: wholeNumber(1).optional(),
  /** At most this many members per team (none by default). */
  maximumMembersPerTeam: wholeNumber(1).optional(),
});

/** Roles made per organization at run time (`create-role`), off unless `enabled`. */
export const dynamicAccessControlOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** At most this many custom roles per organization (none by default). */
  maximumRolesPerOrganization: wholeNumber(1).optional(),
});

/** The `organization` options (CONTRACT.md "Options object"). */
export const organizationOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** Whether a user may create an organization (default true), or a function of the user deciding it. */
  allowUserToCreateOrganization: z.union([z.boolean(), callback<(user: Row) => boolean | Promise<boolean>>()]).optional(),
  /** At most this many organizations per user (none by default). */
  organizationLimit: wholeNumber(1).optional(),
  /** The role creators get (default 'owner'). */
  creatorRole: z.string().min(1).optional(),
  /** Seconds an invitation stays valid (default 48 hours). */
  invitationExpiresIn: wholeNumber(1).optional(),
  /** Role → resource → actions, beside the default roles. */
  roles: z.record(z.string(), z.record(z.string(), z.array(z.string()))).optional(),
  teams: teamsOptions.optional(),
  dynamicAccessControl: dynamicAccessControlOptions.optional(),
});

export type OrganizationOptions = z.input<typeof organizationOptions>;
export type TeamsOptions = z.input<typeof teamsOptions>;
export type DynamicAccessControlOptions = z.input<typeof dynamicAccessControlOptions>;

export interface OrganizationConfig {
  allowUserToCreateOrganization: boolean | ((user: Row) => boolean | Promise<boolean>);
  organizationLimit?: number;
  /** The owner role: given to creators; the last one cannot leave. */
  creatorRole: string;
  /** Seconds. */
  invitationExpiresIn: number;
  roles: Roles;
  teams: { enabled: boolean; maximumTeams?: number; maximumMembersPerTeam?: number };
  dynamicAccessControl: { enabled: boolean; maximumRolesPerOrganization?: number };
}

/** The plugin's options with their defaults (CONTRACT.md "Options object"; their ranges are the schema's, checked by `createAuth`). */
export function resolveOrganizationOptions(o: OrganizationOptions = {}): OrganizationConfig {
  return {
    allowUserToCreateOrganization: o.allowUserToCreateOrganization ?? true,
    organizationLimit: o.organizationLimit,
    creatorRole: o.creatorRole ?? 'owner',
    invitationExpiresIn: o.invitationExpiresIn ?? 172800,
    roles: { ...DEFAULT_ROLES, ...o.roles },
    teams: {
      enabled: o.teams?.enabled === true,
      maximumTeams: o.teams?.maximumTeams,
      maximumMembersPerTeam: o.teams?.maximumMembersPerTeam,
    },
    dynamicAccessControl: {
      enabled: o.dynamicAccessControl?.enabled === true,
      maximumRolesPerOrganization: o.dynamicAccessControl?.maximumRolesPerOrganization,
    },
  };
}
