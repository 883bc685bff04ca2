import { definePlugin } from '../../kit.js';
import { resolveSSOOptions, type SSOOptions, useSSOConfig } from './config.js';
import { SSO_ERRORS } from './errors.js';
import { newSSOPlugin, type SSOPlugin } from './keys.js';
import { loadXmlLibrary } from './metadata.js';
import { samlAcs, samlCallback } from './routes/acs.js';
import { deleteProvider } from './routes/delete-provider.js';
import { domainLookup } from './routes/domain-lookup.js';
import { requestDomainVerification, verifyDomain } from './routes/domain-verification.js';
import { getProvider } from './routes/get-provider.js';
import { readIdpMetadata } from './routes/idp-metadata.js';
import { listProviders } from './routes/list-providers.js';
import { oidcCallback } from './routes/oidc-callback.js';
import { registerProvider } from './routes/register.js';
import { signInSSO } from './routes/sign-in-sso.js';
import { afterSignOut, beforeSignOut, initiateSLO, sloEndpoint } from './routes/slo.js';
import { testConnection, testResult } from './routes/test-connection.js';
import { spMetadataRoute } from './routes/sp-metadata.js';
import { updateProvider } from './routes/update-provider.js';
import { loadSamlLibrary } from './saml.js';
import { refuseByAddress, refuseOtherWays } from './require.js';
import { ssoSchema } from './schema.js';
import { SSO_MESSAGES } from './translations.js';

export type { SSOAuditEvent } from './audit-events.js';
export type { DefaultSSOProvider, SSOOptions, TxtResolver } from './config.js';

/** The sso routes with their precise types (route-types.ts derives the client's from them). */
export function ssoRoutes(state: SSOPlugin) {
  return [
    registerProvider,
    listProviders,
    getProvider,
    updateProvider,
    deleteProvider,
    requestDomainVerification,
    verifyDomain,
    spMetadataRoute,
    readIdpMetadata,
    domainLookup,
    testConnection,
    testResult,
    signInSSO,
    oidcCallback(state),
    samlAcs,
    samlCallback,
    sloEndpoint,
    initiateSLO,
  ] as const;
}

/**
 * Enterprise single sign-on (issue 38): each organization connects its own SAML 2.0 or OpenID
 * Connect identity provider; people of its verified domain sign in through it and are
 * provisioned just in time into the organization. Routes and answers as `@better-auth/sso` 1.7,
 * stricter where CONTRACT.md says so. Needs the organization plugin.
 */
export function ssoPlugin(options: SSOOptions = {}) {
  const config = resolveSSOOptions(options);
  const state = newSSOPlugin();
  return definePlugin({
    id: 'sso',
    features: { sso: true, ssoDomainVerification: config.verification.enabled },
    schema: ssoSchema,
    endpoints: ssoRoutes(state),
    errors: SSO_ERRORS,
    messages: SSO_MESSAGES,
    // Starting a flow guesses nothing: looser than the 3 per 10 s of the credential sign-ins.
    rateLimit: {
      '/sign-in/sso': { window: 60, max: 30 },
      '/sso/saml2/sp/slo/:providerId': { window: 60, max: 30 },
      '/sso/idp-metadata': { window: 60, max: 20 },
      '/sso/domain-lookup': { window: 60, max: 30 },
    },
    // "Require SSO for this domain": the ways in by address alone are refused before anything is sent...
    // ...and `/sign-out` notes the session's SSO sign-in, for single logout after it ends.
    async before(c) {
      if (c.path === '/sign-out') return beforeSignOut(c);
      return refuseByAddress(c);
    },
    after: (c, result) => (c.path === '/sign-out' ? afterSignOut(c, result) : Promise.resolve(undefined)),
    handsOn: ['/sign-out'],
    // ...and every other way in (password, passkey, social, another organization's IdP) after its first factor.
    beforeSignIn: (c, attempt) => refuseOtherWays(c, attempt.user, attempt.method),
    async init(auth, assembly) {
      if (!assembly.plugins.some((p) => p.id === 'organization')) throw new Error('sso needs the organization plugin (organization: { enabled: true })');
      useSSOConfig(auth, config);
      // Optional peers of the library: a server with SSO on and without them does not start.
      await Promise.all([loadSamlLibrary(), loadXmlLibrary()]);
    },
  });
}
