import type { ClientPlugin, RoutesOf } from '../route-types.js';
import type { socialRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

export type SocialRoutes = RoutesOf<(typeof socialRoutes)[number]>;

/** Social sign-in's client side: sign in, link and unlink accounts, provider tokens. */
export const socialClient: ClientPlugin<SocialRoutes> = {
  id: 'social',
  methods: {
    '/sign-in/social': 'POST',
    '/list-accounts': 'GET',
    '/link-social': 'POST',
    '/unlink-account': 'POST',
    '/get-access-token': 'POST',
    '/refresh-token': 'POST',
  },
  changesSession: { '/sign-in/social': true },
};
