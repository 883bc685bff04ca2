import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { adminRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the admin plugin runs. */
  interface PublicFeatures {
    admin: boolean;
  }
  /** The admin plugin's user fields (schema.ts). */
  interface PublicUser {
    role?: string | null;
    banned?: boolean | null;
    banReason?: string | null;
    banExpires?: Date | null;
  }
  /** Set (to the admin's user id) on a session made by impersonation (schema.ts). */
  interface PublicSession {
    impersonatedBy?: string | null;
  }
}

export type AdminRoutes = RoutesOf<ReturnType<typeof adminRoutes>[number]>;

/** The admin plugin's client side. */
export const adminClient: ClientPlugin<AdminRoutes> = {
  id: 'admin',
  methods: {
    '/admin/set-role': 'POST',
    '/admin/create-user': 'POST',
    '/admin/list-users': 'GET',
    '/admin/list-user-sessions': 'POST',
    '/admin/ban-user': 'POST',
    '/admin/unban-user': 'POST',
    '/admin/impersonate-user': 'POST',
    '/admin/stop-impersonating': 'POST',
    '/admin/revoke-user-session': 'POST',
    '/admin/revoke-user-sessions': 'POST',
    '/admin/remove-user': 'POST',
    '/admin/set-user-password': 'POST',
    '/admin/update-user': 'POST',
    '/admin/get-user': 'GET',
    '/admin/list-audit-events': 'GET',
    '/admin/stats': 'GET',
    '/admin/has-permission': 'POST',
    '/admin/unlock-user': 'POST',
    '/admin/reset-two-factor': 'POST',
    '/admin/list-user-organizations': 'GET',
  },
  changesSession: { '/admin/impersonate-user': true, '/admin/stop-impersonating': true },
};
