import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { ssoRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether enterprise SSO runs. */
  interface PublicFeatures {
    sso: boolean;
    /** Whether a provider's domain must be verified (DNS TXT) before it routes sign-ins. */
    ssoDomainVerification: boolean;
  }
}

export type SSORoutes = RoutesOf<ReturnType<typeof ssoRoutes>[number]>;

/** The sso plugin's client side: an organization's connections, their domain, and starting a sign-in. */
export const ssoClient: ClientPlugin<SSORoutes> = {
  id: 'sso',
  methods: {
    '/sso/register': 'POST',
    '/sso/providers': 'GET',
    '/sso/get-provider': 'GET',
    '/sso/update-provider': 'POST',
    '/sso/delete-provider': 'POST',
    '/sso/request-domain-verification': 'POST',
    '/sso/verify-domain': 'POST',
    '/sso/saml2/sp/metadata': 'GET',
    '/sso/idp-metadata': 'POST',
    '/sso/domain-lookup': 'POST',
    '/sso/test-connection': 'POST',
    '/sso/test-result': 'GET',
    '/sign-in/sso': 'POST',
  },
  changesSession: {},
};
