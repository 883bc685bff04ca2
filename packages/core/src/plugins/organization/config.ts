import type { Row } from '../../db/types.js';
import { DEFAULT_ROLES, type Roles } from './access.js';

/** The `organization` options (CONTRACT.md "Options object"). */
export interface OrganizationOptions {
  enabled?: boolean;
  allowUserToCreateOrganization?: boolean | ((user: Row) => boolean | Promise<boolean>);
  organizationLimit?: number;
  creatorRole?: string;
  invitationExpiresIn?: number;
  roles?: Record<string, Record<string, string[]>>;
}

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
