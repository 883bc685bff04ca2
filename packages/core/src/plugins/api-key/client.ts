import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { apiKeyRoutes } from './index.js';
import type { verifyApiKey } from './routes/verify.js';

declare module '../../public-types.js' {
  /** `GET /providers`: whether the api-key plugin runs. */
  interface PublicFeatures {
    apiKey: boolean;
  }
}

export type ApiKeyRoutes = RoutesOf<Exclude<(typeof apiKeyRoutes)[number], typeof verifyApiKey>>;

/** The api-key plugin's client side (verify is the server's only). */
export const apiKeyClient: ClientPlugin<ApiKeyRoutes> = {
  id: 'apiKey',
  methods: {
    '/api-key/create': 'POST',
    '/api-key/list': 'GET',
    '/api-key/get': 'GET',
    '/api-key/update': 'POST',
    '/api-key/delete': 'POST',
  },
  changesSession: {},
};
