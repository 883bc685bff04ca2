import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { scimRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether SCIM provisioning runs. */
  interface PublicFeatures {
    scim: boolean;
  }
}

export type ScimRoutes = RoutesOf<(typeof scimRoutes)[number]>;

/** The scim plugin's client side: an organization's directory connections and their tokens (`/scim/v2` is the directory's, not the app's). */
export const scimClient: ClientPlugin<ScimRoutes> = {
  id: 'scim',
  methods: {
    '/scim/generate-token': 'POST',
    '/scim/list-connections': 'GET',
    '/scim/revoke-token': 'POST',
  },
  changesSession: {},
};
