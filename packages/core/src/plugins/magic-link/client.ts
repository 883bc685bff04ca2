import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { magicLinkRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the magic-link plugin runs. */
  interface PublicFeatures {
    magicLink: boolean;
  }
}

export type MagicLinkRoutes = RoutesOf<(typeof magicLinkRoutes)[number]>;

/** The magic-link plugin's client side: `signIn.magicLink(…)`, `magicLink.verify({ query })`. */
export const magicLinkClient: ClientPlugin<MagicLinkRoutes> = {
  id: 'magic-link',
  methods: { '/sign-in/magic-link': 'POST', '/magic-link/verify': 'GET' },
  changesSession: { '/magic-link/verify': true },
};
