import type { Row } from '../../db/types.js';
import { DEFAULT_ROLES, type Roles } from './access.js';
import { keysOf } from '../../option-keys.js';

/** The `organization` options (CONTRACT.md "Options object"). */
export interface OrganizationOptions {
  enabled?: boolean;
  allowUserToCreateOrganization?: boolean | ((user: Row) => boolean | Promise<boolean>);
  organizationLimit?: number;
  creatorRole?: string;
  invitationExpiresIn?: number;
  roles?: Record<string, Record<string, string[]>>;
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
});

export interface OrganizationConfig {
  allowUserToCreateOrganization: boolean | ((user: Row) => boolean | Promise<boolean>);
  organizationLimit?: number;
  /** The owner role: given to creators; the last one cannot leave. */
  creatorRole: string;
  /** Seconds. */
  invitationExpiresIn: number;
  roles: Roles;
}

/** The plugin's options with their defaults (CONTRACT.md "Options object"). */
export function resolveOrganizationOptions(o: OrganizationOptions = {}): OrganizationConfig {
  return {
    allowUserToCreateOrganization: o.allowUserToCreateOrganization ?? true,
    organizationLimit: o.organizationLimit,
    creatorRole: o.creatorRole ?? 'owner',
    invitationExpiresIn: o.invitationExpiresIn ?? 172800,
    roles: { ...DEFAULT_ROLES, ...o.roles },
  };
}
