import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { oidcProviderRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether Gatehouse is an OpenID provider here. */
  interface PublicFeatures {
    oidcProvider: boolean;
  }
}

export type OidcProviderRoutes = RoutesOf<ReturnType<typeof oidcProviderRoutes>[number]>;

/** The OpenID provider's client side: the consent page, the admin's applications, a person's consents. */
export const oidcProviderClient: ClientPlugin<OidcProviderRoutes> = {
  id: 'oidcProvider',
  methods: {
    '/oauth2/list-consents': 'GET',
    '/oauth2/revoke-consent': 'POST',
    '/oauth2/create-application': 'POST',
    '/oauth2/list-applications': 'GET',
    '/oauth2/update-application': 'POST',
    '/oauth2/rotate-secret': 'POST',
    '/oauth2/delete-application': 'POST',
    '/oauth2/list-registered-clients': 'GET',
    '/oauth2/delete-registered-client': 'POST',
    '/oauth2/create-resource-server': 'POST',
    '/oauth2/list-resource-servers': 'GET',
    '/oauth2/update-resource-server': 'POST',
    '/oauth2/delete-resource-server': 'POST',
    '/oauth2/device/verify': 'POST',
    '/oauth2/initial-access-token': 'POST',
  },
  changesSession: {},
};
