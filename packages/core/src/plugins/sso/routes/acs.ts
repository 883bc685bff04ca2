import { defineEndpoint, type EndpointContext } from '../../../kit.js';
import { notAnotherBrowser } from '../browser.js';
import { ssoConfig } from '../config.js';
import { SSOFlowError } from '../errors.js';
import { finishSignIn, refuse } from '../finish.js';
import { consumeSamlRequest, markAssertionUsed, type SamlRequestState } from '../flow-state.js';
import { providerById } from '../routing.js';
import { report, successReport } from '../test-connection.js';
import { envelopeOf, MAX_SAML_RESPONSE, verifyResponse } from '../saml.js';

function field(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const v = (body as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The assertion consumer service: the IdP's POSTed SAMLResponse (HTTP-POST binding). The
 * RelayState names the pending request (used once); the response must answer it
 * (InResponseTo), verify against the provider's certificates and pass every check of
 * `verifyResponse`; its assertion ID is recorded so that it is never accepted twice. Every
 * refusal redirects to the error URL with `?error=`, no session set, nothing written.
 */
async function consume(c: EndpointContext): Promise<Response> {
  const { auth } = c;
  const defaultErrorURL = auth.url('/error');
  // A GET carries nothing to trust: it never redirects anywhere but the server's own error page.
  if (c.request.method !== 'POST') return refuse(c, defaultErrorURL, 'invalid_request');
  const samlResponse = field(c.body, 'SAMLResponse');
  const relayState = field(c.body, 'RelayState');
  if (!samlResponse || samlResponse.length > MAX_SAML_RESPONSE || !/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) {
    return refuse(c, defaultErrorURL, 'invalid_request', 'SAMLResponse is required');
  }
  const providerId = c.params.providerId ?? '';
  const config = ssoConfig(auth).saml;

  let pending: SamlRequestState | null = null;
  let errorURL = defaultErrorURL;
  if (relayState) {
    const read = await consumeSamlRequest(auth, relayState);
    if (read.ok) pending = read.data;
    else if (read.errorURL) return refuse(c, read.errorURL, 'invalid_state', 'the sign-in request expired');
  }
  if (pending) errorURL = pending.errorURL;
  // A "Test connection" run: every refusal is reported to its tester instead of redirected with ?error=.
  const testBy = pending?.testBy;
  const fail = (code: string, description?: string) =>
    testBy && pending ? report(c, testBy, pending.callbackURL, { providerId, ok: false, error: code, description }) : refuse(c, errorURL, code, description);

  const envelope = envelopeOf(samlResponse);
  if (!envelope) return fail('saml_error', 'not a SAML response');
  const idpInitiated = envelope.inResponseTo === null;
  if (idpInitiated && !config.allowIdpInitiated) return fail('unsolicited_response');
  if (!idpInitiated && config.inResponseTo) {
    if (!pending) return fail(relayState ? 'invalid_state' : 'invalid_saml_response', 'no pending request for this response');
    if (pending.requestId !== envelope.inResponseTo) return fail('invalid_saml_response', 'wrong InResponseTo');
  }
  if (pending && pending.providerId !== providerId) return fail('invalid_state', 'the request was for another provider');
  // Login CSRF: an answer carried into another browser that is signing in too is refused (no cookie at all: CONTRACT.md's ACS needs none).
  if (pending && !testBy && !notAnotherBrowser(c, pending.browser)) return fail('invalid_state', 'the sign-in was started in another browser');

  const provider = await providerById(auth, providerId);
  if (!provider?.samlConfig) return fail('invalid_provider', 'provider not found');
  let verified: Awaited<ReturnType<typeof verifyResponse>>;
  try {
    verified = await verifyResponse(auth, provider, samlResponse, { requestId: config.inResponseTo && pending ? pending.requestId : null });
  } catch (e) {
    if (!(e instanceof SSOFlowError)) throw e;
    auth.logger.warn({ providerId, error: e.code, why: e.description }, 'sso: SAML response refused');
    return fail(e.code, testBy ? e.description : undefined);
  }
  if (!(await markAssertionUsed(auth, provider.providerId, verified.assertionId, verified.expiresAt))) {
    return fail('replay_detected');
  }
  if (testBy && pending) return report(c, testBy, pending.callbackURL, await successReport(auth, provider, verified.identity));
  // IdP-initiated (when allowed): the RelayState may name where to land, if it is a trusted target.
  const landing = pending?.callbackURL ?? (relayState && auth.origins.isAllowedRedirect(relayState) ? relayState : '/');
  return finishSignIn(
    c,
    provider,
    verified.identity,
    {
      callbackURL: landing,
      errorURL,
      newUserURL: pending?.newUserURL,
      requestSignUp: pending?.requestSignUp,
    },
    verified.subject,
  );
}

/** POST /sso/saml2/sp/acs/:providerId (the ACS the SP metadata names): any origin, no cookies needed. */
export const samlAcs = defineEndpoint({
  method: ['GET', 'POST'],
  path: '/sso/saml2/sp/acs/:providerId',
  skipOriginCheck: true,
  handler: consume,
});

/** POST /sso/saml2/callback/:providerId: better-auth's other name for the same service. */
export const samlCallback = defineEndpoint({
  method: ['GET', 'POST'],
  path: '/sso/saml2/callback/:providerId',
  skipOriginCheck: true,
  handler: consume,
});
