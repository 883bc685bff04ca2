import { keysOf } from '../../kit.js';
/** The `admin` options (CONTRACT.md "Options object"). */
export interface AdminOptions {
  enabled?: boolean;
  defaultRole?: string;
  adminRoles?: string[];
  adminUserIds?: string[];
  impersonationSessionDuration?: number;
  allowImpersonatingAdmins?: boolean;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const adminOptionKeys = keysOf<AdminOptions>({
  enabled: true,
  defaultRole: true,
  adminRoles: true,
  adminUserIds: true,
  impersonationSessionDuration: true,
  allowImpersonatingAdmins: true,
});

export interface AdminConfig {
  defaultRole: string;
  adminRoles: string[];
  adminUserIds: string[];
  /** Seconds. */
  impersonationSessionDuration: number;
  allowImpersonatingAdmins: boolean;
}

/** The plugin's options with their defaults (CONTRACT.md "Options object"). */
export function resolveAdminOptions(o: AdminOptions = {}): AdminConfig {
  return {
    defaultRole: o.defaultRole ?? 'user',
    adminRoles: o.adminRoles ?? ['admin'],
    adminUserIds: o.adminUserIds ?? [],
    impersonationSessionDuration: o.impersonationSessionDuration ?? 3600,
    allowImpersonatingAdmins: o.allowImpersonatingAdmins ?? false,
  };
}
