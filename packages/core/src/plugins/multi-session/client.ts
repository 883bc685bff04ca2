import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { multiSessionRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the multi-session plugin runs. */
  interface PublicFeatures {
    multiSession: boolean;
  }
}

export type MultiSessionRoutes = RoutesOf<(typeof multiSessionRoutes)[number]>;

/** The multi-session plugin's client side: `multiSession.listDeviceSessions()`, `.setActive({ sessionToken })`, `.revoke({ sessionToken })`, `.signOutAll()`. */
export const multiSessionClient: ClientPlugin<MultiSessionRoutes> = {
  id: 'multi-session',
  methods: {
    '/multi-session/list-device-sessions': 'GET',
    '/multi-session/set-active': 'POST',
    '/multi-session/revoke': 'POST',
    '/multi-session/sign-out-all': 'POST',
  },
  changesSession: { '/multi-session/set-active': true, '/multi-session/revoke': true, '/multi-session/sign-out-all': true },
};
