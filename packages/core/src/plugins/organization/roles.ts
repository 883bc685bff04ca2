import { z } from 'zod';
import type { AuthContext } from '../../kit.js';
import { hasPermission, missingPermissions, roleNames, type Roles, type Statements } from './access.js';
import type { OrganizationConfig } from './config.js';
import type { MemberRow, OrganizationRoleRow } from './schema.js';

/** A stored permission as statements: anything that is not resource → list of action names is left out. */
function statementsOf(permission: unknown): Statements {
  if (!permission || typeof permission !== 'object' || Array.isArray(permission)) return {};
  const out: Record<string, string[]> = {};
  for (const [resource, actions] of Object.entries(permission)) {
    if (Array.isArray(actions)) out[resource] = actions.filter((a): a is string => typeof a === 'string');
  }
  return out;
}

/**
 * The roles in force in an organization: the configured ones and, with dynamic access
 * control, the organization's own (read on every call, so a change holds at once). A stored
 * role never replaces a configured one of the same name.
 */
export async function rolesIn(auth: AuthContext, o: OrganizationConfig, organizationId: string): Promise<Roles> {
  if (!o.dynamicAccessControl.enabled) return o.roles;
  const custom = await auth.adapter.findMany<OrganizationRoleRow>('organizationRole', { where: [{ field: 'organizationId', value: organizationId }] });
  if (!custom.length) return o.roles;
  // No prototype: a role named `__proto__` or `constructor` is a role like any other.
  const roles: Record<string, Statements> = Object.assign(Object.create(null), o.roles);
  for (const row of custom) if (!Object.hasOwn(roles, row.role)) roles[row.role] = statementsOf(row.permission);
  return roles;
}

/** Whether the member's roles (configured or their organization's own) grant every requested action. */
export async function can(auth: AuthContext, o: OrganizationConfig, member: MemberRow, request: Readonly<Record<string, readonly string[]>>): Promise<boolean> {
  return hasPermission(await rolesIn(auth, o, member.organizationId), member.role, request);
}

/**
 * What giving `role` to someone would grant that `caller` does not hold, as `resource:action`:
 * with the organization's own roles on, nobody hands out more than they have (someone given
 * `member:update` by a custom role cannot make themselves admin). Without them, the configured
 * roles keep their one rule (only an owner gives the owner role) and this is empty.
 */
export function beyondCaller(o: OrganizationConfig, roles: Roles, caller: MemberRow, role: string): string[] {
  if (!o.dynamicAccessControl.enabled) return [];
  const granted: Record<string, string[]> = {};
  for (const name of roleNames(role)) {
    for (const [resource, actions] of Object.entries(roles[name] ?? {})) granted[resource] = [...(granted[resource] ?? []), ...actions];
  }
  return missingPermissions(roles, caller.role, granted);
}

/** A custom role's name: kept in lower case; no comma (a member's role lists several, comma-separated). */
export const roleNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((r) => !r.includes(','), { message: 'a role name cannot contain a comma' })
  .transform((r) => r.toLowerCase());

/** Resource → actions, each list without repeats. */
export const permissionSchema = z
  .record(z.string().min(1).max(100), z.array(z.string().min(1).max(100)).max(100))
  .refine((p) => Object.keys(p).length <= 100, { message: 'too many resources' })
  .transform((p) => Object.fromEntries(Object.entries(p).map(([resource, actions]) => [resource, [...new Set(actions)]])));

/** One of the organization's own roles, by name (any case) or id. */
export async function findCustomRole(
  auth: AuthContext,
  organizationId: string,
  by: { roleName?: string | undefined; roleId?: string | undefined },
): Promise<OrganizationRoleRow | null> {
  const where = [{ field: 'organizationId', value: organizationId }];
  if (by.roleId !== undefined) where.push({ field: 'id', value: by.roleId });
  else if (by.roleName !== undefined) where.push({ field: 'role', value: by.roleName.trim().toLowerCase() });
  else return null;
  return auth.adapter.findOne<OrganizationRoleRow>('organizationRole', where);
}

/** A role as the routes answer it: its permission always an object. */
export function roleAnswer(row: OrganizationRoleRow): OrganizationRoleRow {
  return { ...row, permission: statementsOf(row.permission) as Record<string, string[]> };
}
