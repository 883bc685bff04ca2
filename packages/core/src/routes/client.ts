import type { ClientPlugin, RoutesOf } from '../route-types.js';
import type { coreRoutes } from './index.js';
import type { errorPage } from './error-page.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

/** The core routes a client calls (`/error` is a page, not a call). */
export type CoreRoutes = RoutesOf<Exclude<(typeof coreRoutes)[number], typeof errorPage>>;

/** The core's client side: sign-up, sign-in, sign-out, sessions, providers. */
export const coreClient: ClientPlugin<CoreRoutes> = {
  id: 'core',
  methods: {
    '/sign-up/email': 'POST',
    '/sign-in/email': 'POST',
    '/sign-out': 'POST',
    '/get-session': 'GET',
    '/list-sessions': 'GET',
    '/revoke-session': 'POST',
    '/revoke-sessions': 'POST',
    '/revoke-other-sessions': 'POST',
    '/ok': 'GET',
    '/ready': 'GET',
    '/providers': 'GET',
  },
  changesSession: {
    '/sign-up/email': true,
    '/sign-in/email': true,
    '/sign-out': true,
    '/revoke-session': true,
    '/revoke-sessions': true,
  },
};
