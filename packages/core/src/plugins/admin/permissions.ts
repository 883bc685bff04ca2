import type { Row } from '../../kit.js';
import { isAdmin } from './access.js';
import type { AdminConfig } from './config.js';

/**
 * The admin area's permission vocabulary, better-auth 1.7's admin statements (so an app's
 * `admin.hasPermission({ permissions: { user: ['ban'] } })` means the same here).
 */
export const ADMIN_STATEMENTS = {
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'impersonate-admins', 'delete', 'set-password', 'set-email', 'get', 'update'],
  session: ['list', 'revoke', 'delete'],
} as const;

/**
 * What a user may do in the admin area. Gatehouse's admin rule is all or nothing: an admin (a
 * role in `adminRoles`, or an id in `adminUserIds`) holds every statement except
 * `user: impersonate-admins`, which needs `allowImpersonatingAdmins` too; anyone else holds none.
 */
export function adminGrants(o: AdminConfig, user: Row): Record<string, readonly string[]> {
  if (!isAdmin(o, user)) return {};
  const userActions = ADMIN_STATEMENTS.user.filter((a) => a !== 'impersonate-admins' || o.allowImpersonatingAdmins);
  return { user: userActions, session: ADMIN_STATEMENTS.session };
}

/** True when `user` holds every action `requested` names (an unknown resource or action is never held). */
export function adminCan(o: AdminConfig, user: Row, requested: Record<string, readonly string[]>): boolean {
  const grants = adminGrants(o, user);
  return Object.entries(requested).every(([resource, actions]) => actions.every((a) => grants[resource]?.includes(a) === true));
}
