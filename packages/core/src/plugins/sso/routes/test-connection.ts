import { z } from 'zod';
import { createState, defineEndpoint } from '../../../kit.js';
import { ssoConfig } from '../config.js';
import { ssoError } from '../errors.js';
import { createSamlRequest } from '../flow-state.js';
import { authorizationURL } from '../oidc.js';
import { samlFor } from '../saml.js';
import { redirectURIOf, requireManagedProvider } from '../store.js';
import { readReport, testStateProvider } from '../test-connection.js';

/**
 * POST /sso/test-connection {providerId, callbackURL} (signed in, managing the connection;
 * Gatehouse's): the URL of a sign-in at the IdP that signs nobody in. The IdP's answer goes
 * through every check of a real sign-in; then the browser lands on `callbackURL?ssoTest={id}`
 * and GET /sso/test-result?id= tells its tester what the IdP sent, or why it was refused.
 */
export const testConnection = defineEndpoint({
  method: 'POST',
  path: '/sso/test-connection',
  requireSession: true,
  body: z.object({ providerId: z.string().min(1).max(128), callbackURL: z.string().min(1).max(2048) }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const provider = await requireManagedProvider(c, body.providerId);
    const userId = c.session.user.id;
    if (provider.oidcConfig) {
      const { state, codeVerifier } = await createState(auth, {
        callbackURL: body.callbackURL,
        errorURL: body.callbackURL,
        providerId: testStateProvider(userId, provider.providerId),
      });
      return { url: authorizationURL(provider.oidcConfig, { state, codeVerifier, redirectURI: redirectURIOf(auth, provider.providerId) }) };
    }
    const { relayState, requestId } = await createSamlRequest(
      auth,
      { providerId: provider.providerId, callbackURL: body.callbackURL, errorURL: body.callbackURL, testBy: userId },
      ssoConfig(auth).saml.requestTTL,
    );
    return { url: await samlFor(auth, provider, requestId).getAuthorizeUrlAsync(relayState, undefined, {}) };
  },
});

/** GET /sso/test-result?id= (signed in): a test run's report, for the person who ran it (10 minutes); anyone else 404. */
export const testResult = defineEndpoint({
  method: 'GET',
  path: '/sso/test-result',
  requireSession: true,
  query: z.object({ id: z.string().min(1).max(64) }),
  async handler(c) {
    const found = await readReport(c.auth, c.query.id, c.session.user.id);
    if (!found) throw ssoError('NOT_FOUND', 'TEST_RESULT_NOT_FOUND');
    return found;
  },
});
