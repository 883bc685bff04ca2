import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { jwtRoutes } from './index.js';

declare module '../../public-types.js' {
  /** `GET /providers`: whether the jwt plugin runs. */
  interface PublicFeatures {
    jwt: boolean;
  }
}

export type JwtRoutes = RoutesOf<(typeof jwtRoutes)[number]>;

/** The jwt plugin's client side: `GET /token`, `GET /jwks`. */
export const jwtClient: ClientPlugin<JwtRoutes> = {
  id: 'jwt',
  methods: { '/token': 'GET', '/jwks': 'GET' },
  changesSession: {},
};
