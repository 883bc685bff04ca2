import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { webhooksRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the webhooks plugin runs. */
  interface PublicFeatures {
    webhooks: boolean;
  }
}

export type WebhooksRoutes = RoutesOf<(typeof webhooksRoutes)[number]>;

/** The webhooks plugin's client side (admins' calls). */
export const webhooksClient: ClientPlugin<WebhooksRoutes> = {
  id: 'webhooks',
  methods: {
    '/webhooks/create': 'POST',
    '/webhooks/list': 'GET',
    '/webhooks/update': 'POST',
    '/webhooks/delete': 'POST',
    '/webhooks/deliveries': 'GET',
    '/webhooks/redeliver': 'POST',
  },
  changesSession: {},
};
