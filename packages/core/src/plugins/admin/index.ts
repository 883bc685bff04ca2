import { adminSeam, definePlugin, type UserRow } from '../../kit.js';
import { isAdmin } from './access.js';
import { banHooks, enforceBan } from './ban.js';
import { type AdminConfig, type AdminOptions, resolveAdminOptions } from './config.js';
import { ADMIN_ERRORS } from './errors.js';
import { banUser } from './routes/ban-user.js';
import { createUser } from './routes/create-user.js';
import { hasAdminPermission } from './routes/has-permission.js';
import { impersonateUser } from './routes/impersonate-user.js';
import { listAuditEvents } from './routes/list-audit-events.js';
import { listUserOrganizations } from './routes/list-user-organizations.js';
import { listUserSessions } from './routes/list-user-sessions.js';
import { listUsers } from './routes/list-users.js';
import { removeUser } from './routes/remove-user.js';
import { resetUserTwoFactor } from './routes/reset-two-factor.js';
import { revokeUserSession } from './routes/revoke-user-session.js';
import { revokeUserSessions } from './routes/revoke-user-sessions.js';
import { setRole } from './routes/set-role.js';
import { setUserPassword } from './routes/set-user-password.js';
import { stopImpersonating } from './routes/stop-impersonating.js';
import { adminStats } from './routes/stats.js';
import { unbanUser } from './routes/unban-user.js';
import { unlockUser } from './routes/unlock-user.js';
import { updateUser } from './routes/update-user.js';
import { getUser } from './routes/get-user.js';
import { adminSchema } from './schema.js';
import { ADMIN_MESSAGES } from './translations.js';

export { ADMIN_ERRORS } from './errors.js';
export type { AdminAuditEvent } from './audit-events.js';
export type { AdminOptions } from './config.js';
export type { AdminStats, StatsBucket, StatsRange } from './routes/stats.js';
export type { AuditEventView, AuditPerson } from './routes/list-audit-events.js';
export type { UserOrganization } from './routes/list-user-organizations.js';

/** The admin routes for resolved options, with their precise types (route-types.ts derives the client's from them). */
export function adminRoutes(o: AdminConfig) {
  return [
    setRole(o),
    createUser(o),
    listUsers(o),
    listUserSessions(o),
    banUser(o),
    unbanUser(o),
    impersonateUser(o),
    stopImpersonating(),
    revokeUserSession(o),
    revokeUserSessions(o),
    removeUser(o),
    setUserPassword(o),
    updateUser(o),
    getUser(o),
    listAuditEvents(o),
    adminStats(o),
    hasAdminPermission(o),
    unlockUser(o),
    resetUserTwoFactor(o),
    listUserOrganizations(o),
  ] as const;
}

/**
 * The admin area (spec sections 3, 4, 6, 7): roles, bans, impersonation,
 * user and session management. Off with `admin: { enabled: false }`.
 */
export function adminPlugin(options: AdminOptions = {}) {
  const o = resolveAdminOptions(options);
  const endpoints = adminRoutes(o);
  return definePlugin({
    id: 'admin',
    features: { admin: true },
    schema: adminSchema(o),
    errors: ADMIN_ERRORS,
    messages: ADMIN_MESSAGES,
    endpoints,
    databaseHooks: banHooks,
    // An impersonation is the admin's doing: the person's own list-sessions does not show it.
    hidesSession: (session) => !!session.impersonatedBy,
    // Refuse a banned user before any second factor is asked for; the session
    // hook still covers every other way in (social sign-in, impersonation).
    async beforeSignIn(c, { user }) {
      await enforceBan(c.auth, user);
      return undefined;
    },
    init(auth) {
      adminSeam.set(auth, { isAdmin: (user: UserRow) => isAdmin(o, user) });
    },
  });
}
