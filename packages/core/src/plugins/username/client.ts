import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { usernameRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the username plugin runs. */
  interface PublicFeatures {
    username: boolean;
  }
  /** The username plugin's user fields (its schema in index.ts). */
  interface PublicUser {
    username?: string | null;
    displayUsername?: string | null;
  }
}

export type UsernameRoutes = RoutesOf<(typeof usernameRoutes)[number]>;

/** The username plugin's client side. */
export const usernameClient: ClientPlugin<UsernameRoutes> = {
  id: 'username',
  methods: { '/sign-in/username': 'POST', '/is-username-available': 'POST' },
  changesSession: { '/sign-in/username': true },
};
