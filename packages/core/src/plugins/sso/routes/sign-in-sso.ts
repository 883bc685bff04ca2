import { z } from 'zod';
import { createState, defineEndpoint } from '../../../kit.js';
import { bindStateToBrowser, bindToBrowser } from '../browser.js';
import { ssoConfig } from '../config.js';
import { ssoError } from '../errors.js';
import { createSamlRequest } from '../flow-state.js';
import { authorizationURL } from '../oidc.js';
import { resolveProvider } from '../routing.js';
import { samlFor } from '../saml.js';
import { redirectURIOf } from '../store.js';

/** How long the core keeps an OAuth state (social/state.ts, spec section 9): the browser binding lasts as long. */
const STATE_TTL_MS = 10 * 60 * 1000;

/** The state of an SSO OIDC flow names its provider so: a social provider's callback never accepts it. */
export const oidcStateProvider = (providerId: string) => `sso:${providerId}`;

/**
 * POST /sign-in/sso {email | domain | providerId | organizationSlug, callbackURL, …}: the URL to
 * send the browser to. OIDC: the authorization endpoint with state, nonce and PKCE (S256).
 * SAML: the IdP's SSO URL with an AuthnRequest (HTTP-Redirect) and a single-use RelayState
 * kept server-side. Both are bound to this browser (a cookie, browser.ts): the answer is taken
 * only from it.
 */
export const signInSSO = defineEndpoint({
  method: 'POST',
  path: '/sign-in/sso',
  body: z.object({
    email: z.string().max(320).optional(),
    organizationSlug: z.string().max(256).optional(),
    providerId: z.string().max(128).optional(),
    domain: z.string().max(253).optional(),
    callbackURL: z.string().min(1).max(2048),
    errorCallbackURL: z.string().max(2048).optional(),
    newUserCallbackURL: z.string().max(2048).optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'Invalid scope'))
      .max(50)
      .optional(),
    loginHint: z.string().max(320).optional(),
    requestSignUp: z.boolean().optional(),
    providerType: z.enum(['oidc', 'saml']).optional(),
  }),
  redirectFields: ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL'],
  async handler(c) {
    const { auth, body } = c;
    if (!body.email && !body.organizationSlug && !body.domain && !body.providerId) throw ssoError('BAD_REQUEST', 'SIGN_IN_TARGET_REQUIRED');
    const provider = await resolveProvider(auth, body);
    if (!provider) throw ssoError('NOT_FOUND', 'NO_PROVIDER_FOR_ISSUER');
    if (body.providerType && (body.providerType === 'saml') !== !!provider.samlConfig) throw ssoError('NOT_FOUND', 'NO_PROVIDER_FOR_ISSUER');
    const errorURL = body.errorCallbackURL ?? auth.url('/error');
    if (provider.oidcConfig) {
      const { state, codeVerifier } = await createState(auth, {
        callbackURL: body.callbackURL,
        errorURL,
        newUserURL: body.newUserCallbackURL,
        providerId: oidcStateProvider(provider.providerId),
        requestSignUp: body.requestSignUp,
      });
      await bindStateToBrowser(c, state, STATE_TTL_MS);
      const url = authorizationURL(provider.oidcConfig, {
        state,
        codeVerifier,
        redirectURI: redirectURIOf(auth, provider.providerId),
        scopes: body.scopes,
        loginHint: body.loginHint ?? body.email,
      });
      return { url, redirect: true };
    }
    const ttl = ssoConfig(auth).saml.requestTTL;
    const { relayState, requestId } = await createSamlRequest(
      auth,
      {
        providerId: provider.providerId,
        callbackURL: body.callbackURL,
        errorURL,
        newUserURL: body.newUserCallbackURL,
        requestSignUp: body.requestSignUp,
        browser: bindToBrowser(c, ttl),
      },
      ttl,
    );
    const url = await samlFor(auth, provider, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
    return { url, redirect: true };
  },
});
