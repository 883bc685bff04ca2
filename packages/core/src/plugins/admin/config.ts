import { z } from 'zod';
import { wholeNumber } from '../../kit.js';

/** The `admin` options (CONTRACT.md "Options object"). */
export const adminOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The role new users get (default 'user'). */
  defaultRole: z.string().min(1).optional(),
  /** The roles that may use the admin routes (default ['admin']). */
  adminRoles: z.array(z.string().min(1)).optional(),
  /** Users who are admins whatever their role. */
  adminUserIds: z.array(z.string().min(1)).optional(),
  /** Seconds an impersonation session lasts (default 3600). */
  impersonationSessionDuration: wholeNumber(1).optional(),
  allowImpersonatingAdmins: z.boolean().optional(),
});

export type AdminOptions = z.input<typeof adminOptions>;

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
