import { keysOf, type Row } from '../../kit.js';
import { DEFAULT_ROLES, type Roles } from './access.js';

/** The `organization` options (CONTRACT.md "Options object"). */
export interface OrganizationOptions {
  enabled?: boolean;
  allowUserToCreateOrganization?: boolean | ((user: Row) => boolean | Promise<boolean>);
  organizationLimit?: number;
  creatorRole?: string;
  invitationExpiresIn?: number;
  roles?: Record<string, Record<string, string[]>>;
  /** Teams inside organizations (off unless `enabled`). */
  teams?: TeamsOptions;
  /** Roles made per organization at run time (`create-role`), off unless `enabled`. */
  dynamicAccessControl?: DynamicAccessControlOptions;
}

export interface TeamsOptions {
  enabled?: boolean;
  /** At most this many teams per organization (none by default). */
  maximumTeams?: number;
  /** At most this many members per team (none by default). */
  maximumMembersPerTeam?: number;
}

export interface DynamicAccessControlOptions {
  enabled?: boolean;
  /** At most this many custom roles per organization (none by default). */
  maximumRolesPerOrganization?: number;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const organizationOptionKeys = keysOf<OrganizationOptions>({
  enabled: true,
  allowUserToCreateOrganization: true,
  organizationLimit: true,
  creatorRole: true,
  invitationExpiresIn: true,
  // Role → resource → actions.
  roles: true,
  teams: keysOf<TeamsOptions>({ enabled: true, maximumTeams: true, maximumMembersPerTeam: true }),
  dynamicAccessControl: keysOf<DynamicAccessControlOptions>({ enabled: true, maximumRolesPerOrganization: true }),
});

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

/** A limit is a whole number of at least 1, or none. */
function limit(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 1))
    throw new Error(`organization.${name} must be a whole number of at least 1, got ${String(value)}`);
  return value;
}

/** The plugin's options with their defaults (CONTRACT.md "Options object"). */
export function resolveOrganizationOptions(o: OrganizationOptions = {}): OrganizationConfig {
  return {
    allowUserToCreateOrganization: o.allowUserToCreateOrganization ?? true,
    organizationLimit: o.organizationLimit,
    creatorRole: o.creatorRole ?? 'owner',
    invitationExpiresIn: o.invitationExpiresIn ?? 172800,
    roles: { ...DEFAULT_ROLES, ...o.roles },
    teams: {
      enabled: o.teams?.enabled === true,
      maximumTeams: limit('teams.maximumTeams', o.teams?.maximumTeams),
      maximumMembersPerTeam: limit('teams.maximumMembersPerTeam', o.teams?.maximumMembersPerTeam),
    },
    dynamicAccessControl: {
      enabled: o.dynamicAccessControl?.enabled === true,
      maximumRolesPerOrganization: limit('dynamicAccessControl.maximumRolesPerOrganization', o.dynamicAccessControl?.maximumRolesPerOrganization),
    },
  };
}
