import { consumeState, defineEndpoint, withParams } from '../../../kit.js';
import { stateFromThisBrowser } from '../browser.js';
import type { SSOPlugin } from '../keys.js';
import { finishSignIn, refuse } from '../finish.js';
import { identify } from '../oidc.js';
import { providerById } from '../routing.js';
import { redirectURIOf } from '../store.js';
import { report, successReport, testerOf } from '../test-connection.js';
import { oidcStateProvider } from './sign-in-sso.js';

const one = (q: URLSearchParams, key: string) => {
  const all = q.getAll(key);
  return all.length === 1 && all[0]!.length <= 8192 ? all[0] : undefined;
};

/**
 * GET /sso/callback/:providerId?code&state: the state is read once (another browser replaying
 * the URL finds none), the code exchanged with the PKCE verifier, the ID token verified, the
 * user provisioned and signed in; every failure redirects to the error URL with `?error=`.
 */
export const oidcCallback = (plugin: SSOPlugin) =>
  defineEndpoint({
    method: 'GET',
    path: '/sso/callback/:providerId',
    // The one-time state is this route's CSRF defence.
    skipOriginCheck: true,
    async handler(c) {
      const { auth } = c;
      const defaultErrorURL = auth.url('/error');
      const query = new URL(c.request.url).searchParams;
      const stateParam = one(query, 'state');
      if (!stateParam) return refuse(c, defaultErrorURL, 'invalid_state');
      const state = await consumeState(auth, stateParam);
      if (!state.ok) return refuse(c, state.reason === 'expired' && state.errorURL ? state.errorURL : defaultErrorURL, 'invalid_state');
      const data = state.data;
      const providerId = c.params.providerId ?? '';
      // A "Test connection" run: what the IdP sent (or why it was refused) goes to its tester; nobody is signed in.
      const testBy = testerOf(data.providerId, providerId);
      if (testBy) {
        const fail = (error: string, description?: string) => report(c, testBy, data.callbackURL, { providerId, ok: false, error, description });
        const idpError = one(query, 'error');
        if (idpError) return fail(idpError, one(query, 'error_description'));
        const code = one(query, 'code');
        const provider = await providerById(auth, providerId);
        if (!code || !provider?.oidcConfig) return fail(code ? 'invalid_provider' : 'invalid_request');
        const identity = await identify(auth, plugin, provider.oidcConfig, auth.encrypter.decrypt(provider.oidcConfig.clientSecret) ?? '', {
          code,
          codeVerifier: data.codeVerifier,
          redirectURI: redirectURIOf(auth, provider.providerId),
        });
        if ('error' in identity) return fail(identity.error);
        return report(
          c,
          testBy,
          data.callbackURL,
          await successReport(auth, provider, {
            accountId: identity.sub,
            email: identity.email,
            emailVerified: identity.emailVerified,
            name: identity.name,
            attributes: identity.claims,
          }),
        );
      }
      if (data.providerId !== oidcStateProvider(providerId)) return refuse(c, data.errorURL, 'invalid_state');
      // Login CSRF: a callback URL carried into a browser that did not start the sign-in is refused.
      if (!(await stateFromThisBrowser(c, stateParam))) return refuse(c, data.errorURL, 'invalid_state', 'the sign-in was started in another browser');
      const idpError = one(query, 'error');
      if (idpError) return c.redirect(withParams(data.errorURL, { error: idpError, error_description: one(query, 'error_description') }));
      const code = one(query, 'code');
      if (!code) return refuse(c, data.errorURL, 'invalid_request', 'no code');
      const provider = await providerById(auth, providerId);
      if (!provider?.oidcConfig) return refuse(c, data.errorURL, 'invalid_provider', 'provider not found');
      const secret = auth.encrypter.decrypt(provider.oidcConfig.clientSecret) ?? '';
      const identity = await identify(auth, plugin, provider.oidcConfig, secret, {
        code,
        codeVerifier: data.codeVerifier,
        redirectURI: redirectURIOf(auth, provider.providerId),
      });
      if ('error' in identity) return refuse(c, data.errorURL, identity.error);
      return finishSignIn(
        c,
        provider,
        {
          accountId: identity.sub,
          email: identity.email,
          emailVerified: identity.emailVerified,
          name: identity.name,
          image: identity.image,
          attributes: identity.claims,
        },
        { callbackURL: data.callbackURL, errorURL: data.errorURL, newUserURL: data.newUserURL, requestSignUp: data.requestSignUp },
      );
    },
  });
