import type { ClientPlugin, RoutesOf } from '../route-types.js';
import type { accountRoutes, deleteUserRoutes } from './index.js';
import type { deleteUserCallback } from './routes/delete-user-callback.js';
import type { setPassword } from './routes/set-password.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

/** The account routes a client calls (set-password is server-only; the delete callback is a mailed link). */
export type AccountRoutes = RoutesOf<
  Exclude<(typeof accountRoutes)[number] | (typeof deleteUserRoutes)[number], typeof setPassword | typeof deleteUserCallback>
>;

/** The account's client side: email verification, password reset and change, profile, deletion. */
export const accountClient: ClientPlugin<AccountRoutes> = {
  id: 'account',
  methods: {
    '/send-verification-email': 'POST',
    '/verify-email': 'GET',
    '/forget-password': 'POST',
    '/request-password-reset': 'POST',
    '/reset-password': 'POST',
    '/change-password': 'POST',
    '/update-user': 'POST',
    '/change-email': 'POST',
    '/delete-user': 'POST',
  },
  changesSession: {
    '/verify-email': true,
    '/change-password': true,
    '/update-user': true,
    '/change-email': true,
    '/delete-user': true,
  },
};
