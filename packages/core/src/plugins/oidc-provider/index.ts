import type { IncomingMessage, ServerResponse } from 'node:http';
import { definePlugin } from '../../kit.js';
import { revokeConsentsOnAdoption } from './adoption.js';
import { type OidcProviderOptions, resolveOidcOptions } from './config.js';
import { type OidcState, useOidcState } from './state.js';
import { OIDC_PROVIDER_ERRORS } from './errors.js';
import { createOidcRuntime, OIDC_MOUNT, type OidcRuntime } from './provider.js';
import { applicationRoutes } from './routes/applications.js';
import { listConsents, revokeConsent } from './routes/consents.js';
import { oauthInteractionConsent } from './routes/interaction-consent.js';
import { oauthInteractionDetails } from './routes/interaction-details.js';
import { oauthInteraction } from './routes/interaction.js';
import { verifyDeviceCode } from './routes/device-verify.js';
import { issueInitialAccessToken } from './routes/initial-access-token.js';
import { resourceServerRoutes } from './routes/resource-servers.js';
import { oidcProviderSchema } from './schema.js';
import { OIDC_PROVIDER_MESSAGES } from './translations.js';

export type { OidcProviderAuditEvent } from './audit-events.js';
export type { OidcProviderOptions } from './config.js';
export { createApplication, deleteApplication, findApplication, listApplications, type NewApplication, type OAuthApplication } from './applications.js';

/** The OpenID provider's routes with their precise types (route-types.ts derives the client's from them). */
export function oidcProviderRoutes() {
  return [
    oauthInteraction,
    oauthInteractionDetails,
    oauthInteractionConsent,
    listConsents,
    revokeConsent,
    ...applicationRoutes(),
    ...resourceServerRoutes(),
    verifyDeviceCode,
    issueInitialAccessToken,
  ] as const;
}

/**
 * Gatehouse as an OpenID provider (oidc-provider, mounted under the base path: issuer
 * `{BASE_URL}{basePath}`): other applications sign their users in through Gatehouse's own
 * sign-in and consent pages. Who may manage applications through the API is the admin
 * plugin's to say (kit: `isAdministrator`); without it, nobody.
 */
export function oidcProviderPlugin(options: OidcProviderOptions = {}) {
  let runtime: OidcRuntime | undefined;
  return definePlugin({
    id: 'oidcProvider',
    features: { oidcProvider: true },
    schema: oidcProviderSchema,
    endpoints: oidcProviderRoutes(),
    errors: OIDC_PROVIDER_ERRORS,
    messages: OIDC_PROVIDER_MESSAGES,
    rateLimit: {
      '/oauth2/interaction/:uid/consent': { window: 10, max: 10 },
      // The provider's paths (counted by the mount): the token endpoint is where secrets are guessed.
      '/oidc/token': { window: 10, max: 20 },
      '/oidc/introspect': { window: 10, max: 20 },
      '/oidc/par': { window: 10, max: 20 },
      // Codes typed by a person: a guesser gets a few tries a minute (RFC 8628 §5.1).
      '/oauth2/device/verify': { window: 60, max: 10 },
      '/oidc/device': { window: 60, max: 10 },
      '/oidc/device/auth': { window: 10, max: 20 },
      '/oidc/register': { window: 60, max: 10 },
    },
    mount: {
      ...OIDC_MOUNT,
      fetch(request: Request, ip: string | null) {
        if (!runtime) throw new Error('the OpenID provider is not started');
        return runtime.fetch(request, ip);
      },
      node(req: IncomingMessage, res: ServerResponse) {
        if (!runtime) throw new Error('the OpenID provider is not started');
        return runtime.node(req, res);
      },
    },
    onAccountAdopted: (trx, userId) => revokeConsentsOnAdoption(trx, userId, runtime?.storage),
    async init(auth) {
      const config = resolveOidcOptions(options, auth.baseURL);
      runtime = await createOidcRuntime(auth, config);
      useOidcState(auth, { config, runtime } satisfies OidcState);
    },
  });
}
