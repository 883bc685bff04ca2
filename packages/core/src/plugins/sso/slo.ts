import { inflateRawSync } from 'node:zlib';
import type { Profile } from '@node-saml/node-saml';
import { type EndpointContext, randomString, type Row } from '../../kit.js';
import { bindToBrowser, sameBrowser } from './browser.js';
import { ssoConfig } from './config.js';
import { ssoError } from './errors.js';
import { markAssertionUsed } from './flow-state.js';
import { childElement, childText, messageRoot } from './metadata.js';
import { samlFor } from './saml.js';
import { endSessions, type SsoSessionRow, sessionsOfSubject } from './sessions.js';
import { type ProviderRow, type SamlSettings, sloURLOf } from './store.js';

/**
 * SAML 2.0 single logout (SAML profiles 4.4), with @node-saml/node-saml for the messages and
 * their signatures (HTTP-Redirect query signatures, HTTP-POST XML signatures):
 * - SP-initiated: a person signed in through a connection whose IdP has a SingleLogoutService
 *   signs out; their session ends here first, then the browser goes to the IdP with a
 *   LogoutRequest (NameID, SessionIndex of their sign-in; signed when the connection signs its
 *   requests). The IdP's LogoutResponse comes back to the SP's SLO endpoint, where it must be
 *   signed by the connection's certificates, come from its issuer, say Success and answer a
 *   request this browser started (InResponseTo, used once), then lands on the app.
 * - IdP-initiated: a LogoutRequest at the SLO endpoint, signed by the connection's certificates
 *   and from its issuer, not seen before, ends the sessions of its NameID (those of its
 *   SessionIndex when it names one) and is answered with a LogoutResponse (signed when the
 *   connection has a key).
 */

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
/** A message larger than this is not read (base64 characters). */
const MAX_MESSAGE = 64 * 1024;

interface PendingLogout {
  providerId: string;
  callbackURL: string;
  /** Digest of the browser's flow cookie (browser.ts). */
  browser: string;
  expiresAt: number;
}

const pendingIdentifier = (requestId: string) => `sso-saml-logout:${requestId}`;
const REQUEST_ID = /^_[A-Za-z0-9]{32}$/;

/** Whether a connection ends the IdP's session too (its IdP has a SingleLogoutService). */
export function hasSingleLogout(provider: ProviderRow | null): provider is ProviderRow & { samlConfig: SamlSettings & { logoutUrl: string } } {
  return !!provider?.samlConfig?.logoutUrl;
}

/**
 * SP-initiated: the URL of the IdP's SLO service with a LogoutRequest for the session `row`
 * (already ended here), kept server-side (bound to this browser) until the IdP answers.
 */
export async function logoutRequestURL(c: EndpointContext, provider: ProviderRow, row: SsoSessionRow, callbackURL: string): Promise<string> {
  const { auth } = c;
  const ttl = ssoConfig(auth).saml.requestTTL;
  // An xs:ID must not start with a digit.
  const requestId = `_${randomString(32)}`;
  const expiresAt = auth.now() + ttl;
  const pending: PendingLogout = { providerId: provider.providerId, callbackURL, browser: bindToBrowser(c, ttl), expiresAt };
  await auth.adapter.create('verification', { identifier: pendingIdentifier(requestId), value: JSON.stringify(pending), expiresAt: new Date(expiresAt) });
  const subject = {
    issuer: (provider.samlConfig as SamlSettings).spEntityID,
    nameID: row.nameID,
    nameIDFormat: row.nameIDFormat || UNSPECIFIED,
    ...(row.sessionIndex ? { sessionIndex: row.sessionIndex } : {}),
  } as Profile;
  return samlFor(auth, provider, requestId).getLogoutUrlAsync(subject, '', {});
}

/** A LogoutRequest or LogoutResponse as it arrived, by either binding. */
interface Message {
  kind: 'request' | 'response';
  binding: 'redirect' | 'post';
  /** The decoded parameters (SAMLRequest | SAMLResponse, RelayState, SigAlg, Signature). */
  container: Record<string, string>;
  /** Redirect: the signed part of the query exactly as sent (message, RelayState, SigAlg). */
  signedQuery: string;
  xml: string;
}

const KEYS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;

/** Reads the message: each parameter at most once, exactly one of SAMLRequest / SAMLResponse; null otherwise. */
function readMessage(c: EndpointContext): Message | null {
  const container: Record<string, string> = {};
  let signedQuery = '';
  let binding: Message['binding'];
  if (c.request.method === 'GET') {
    binding = 'redirect';
    const raw = new URL(c.request.url).search.slice(1);
    const tokens = new Map<string, string>();
    for (const token of raw.split('&')) {
      const key = token.slice(0, Math.max(0, token.indexOf('=')));
      if (!(KEYS as readonly string[]).includes(key)) continue;
      if (tokens.has(key)) return null;
      tokens.set(key, token);
      const value = new URLSearchParams(token).get(key);
      if (value === null) return null;
      container[key] = value;
    }
    const message = tokens.get('SAMLRequest') ?? tokens.get('SAMLResponse');
    // The library verifies the signature over these tokens, in the order SAML bindings 3.4.4.1 gives.
    signedQuery = [message, tokens.get('RelayState'), tokens.get('SigAlg')].filter((t): t is string => !!t).join('&');
  } else {
    binding = 'post';
    const body = c.body && typeof c.body === 'object' && !Array.isArray(c.body) ? (c.body as Record<string, unknown>) : {};
    for (const key of KEYS) if (typeof body[key] === 'string') container[key] = body[key] as string;
  }
  const kind = container.SAMLRequest !== undefined ? 'request' : 'response';
  const encoded = container.SAMLRequest ?? container.SAMLResponse;
  if (!encoded || (container.SAMLRequest !== undefined && container.SAMLResponse !== undefined)) return null;
  if (encoded.length > MAX_MESSAGE || !/^[A-Za-z0-9+/=\s]+$/.test(encoded)) return null;
  let xml: string;
  try {
    const bytes = Buffer.from(encoded, 'base64');
    xml = (binding === 'redirect' ? inflateRawSync(bytes, { maxOutputLength: 256 * 1024 }) : bytes).toString('utf8');
  } catch {
    return null;
  }
  return { kind, binding, container, signedQuery, xml };
}

/** The SLO endpoint: GET (HTTP-Redirect) or POST (HTTP-POST), a LogoutRequest of the IdP or its LogoutResponse. */
export async function singleLogoutService(c: EndpointContext): Promise<Response> {
  const providerId = c.params.providerId ?? '';
  const provider = await c.auth.adapter.findOne<ProviderRow>('ssoProvider', [{ field: 'providerId', value: providerId }]);
  if (!provider?.samlConfig) throw ssoError('NOT_FOUND', 'SAML_PROVIDER_NOT_FOUND');
  const message = readMessage(c);
  if (!message) throw ssoError('BAD_REQUEST', 'INVALID_LOGOUT_REQUEST');
  return message.kind === 'request' ? idpLogoutRequest(c, provider, message) : idpLogoutResponse(c, provider, message);
}

/** Refuses a redirect-binding message without a query signature: the library would take it unsigned. */
function signedEnough(m: Message): boolean {
  return m.binding === 'post' || (!!m.container.Signature && !!m.container.SigAlg);
}

async function idpLogoutRequest(c: EndpointContext, provider: ProviderRow, m: Message): Promise<Response> {
  const { auth } = c;
  const config = ssoConfig(auth).saml;
  const refuse = async (why: string) => {
    auth.logger.warn({ providerId: provider.providerId, why }, 'sso: LogoutRequest refused');
    await auth.audit.record(c, 'sso.sign-in.failure', { details: { providerId: provider.providerId, error: 'invalid_logout_request' } });
    return ssoError('BAD_REQUEST', 'INVALID_LOGOUT_REQUEST');
  };
  if (!signedEnough(m)) throw await refuse('no signature');
  const saml = samlFor(auth, provider);
  let profile: Profile | null;
  try {
    ({ profile } =
      m.binding === 'redirect'
        ? await saml.validateRedirectAsync(m.container, m.signedQuery)
        : await saml.validatePostRequestAsync({ SAMLRequest: m.container.SAMLRequest as string }));
  } catch (e) {
    throw await refuse(e instanceof Error ? e.message : 'invalid');
  }
  const root = messageRoot(m.xml);
  if (!profile?.ID || !profile.nameID || !root || root.namespaceURI !== SAMLP || root.localName !== 'LogoutRequest') throw await refuse('not a LogoutRequest');
  // Fresh: issued within the request lifetime (and the clock skew), and never seen before.
  const issued = Date.parse(root.getAttribute('IssueInstant') ?? '');
  const now = Date.now();
  if (Number.isNaN(issued) || issued > now + config.clockSkew || issued < now - config.requestTTL - config.clockSkew) throw await refuse('stale IssueInstant');
  const destination = root.getAttribute('Destination');
  if (destination && destination !== sloURLOf(auth, provider.providerId)) throw await refuse('wrong Destination');
  if (!(await markAssertionUsed(auth, provider.providerId, `logout-request ${profile.ID}`, now + config.requestTTL + 2 * config.clockSkew))) {
    throw await refuse('replayed');
  }
  const indexes = Array.from(root.getElementsByTagNameNS(SAMLP, 'SessionIndex'))
    .map((e) => e.textContent?.trim() ?? '')
    .filter(Boolean);
  const rows = await sessionsOfSubject(auth, provider.providerId, profile.nameID, indexes);
  const current = await c.getSession();
  await endSessions(auth, rows);
  if (current && rows.some((r) => r.sessionId === current.session.id)) auth.sessions.clearCookies(c);
  await auth.audit.record(c, 'sso.logout', {
    userId: rows[0]?.userId,
    details: { providerId: provider.providerId, initiatedBy: 'idp', sessions: rows.length },
  });
  const relayState = m.container.RelayState && m.container.RelayState.length <= 1024 ? m.container.RelayState : '';
  // No SLO URL registered for the IdP: the sessions are ended, there is nowhere to send the answer.
  if (!hasSingleLogout(provider)) return Response.json({ success: true, sessions: rows.length });
  const url = await saml.getLogoutResponseUrlAsync(profile, relayState, {}, true);
  return c.redirect(url);
}

/** The library's HTTP-Redirect signature check (protected in its types; throws when the signature does not verify). */
interface QuerySignatureCheck {
  hasValidSignatureForRedirect(container: Record<string, string>, originalQuery: string): Promise<boolean | undefined>;
}

async function idpLogoutResponse(c: EndpointContext, provider: ProviderRow, m: Message): Promise<Response> {
  const { auth } = c;
  const refuse = (why: string) => {
    auth.logger.warn({ providerId: provider.providerId, why }, 'sso: LogoutResponse refused');
    return ssoError('BAD_REQUEST', 'INVALID_LOGOUT_RESPONSE');
  };
  if (!signedEnough(m)) throw refuse('no signature');
  const saml = samlFor(auth, provider);
  try {
    if (m.binding === 'redirect') await saml.validateRedirectAsync(m.container, m.signedQuery);
    else await saml.validatePostResponseAsync({ SAMLResponse: m.container.SAMLResponse as string });
  } catch (e) {
    const why = e instanceof Error ? e.message : 'invalid';
    // The library refuses a failure status before it checks the query signature: check it (the library's own check), then say the IdP failed.
    if (m.binding !== 'redirect' || !why.startsWith('Bad status code')) throw refuse(why);
    try {
      await (saml as unknown as QuerySignatureCheck).hasValidSignatureForRedirect(m.container, m.signedQuery);
    } catch (e2) {
      throw refuse(e2 instanceof Error ? e2.message : 'invalid');
    }
  }
  const root = messageRoot(m.xml);
  if (!root || root.namespaceURI !== SAMLP || root.localName !== 'LogoutResponse') throw refuse('not a LogoutResponse');
  if (childText(root, SAML, 'Issuer') !== (provider.samlConfig as SamlSettings).idpEntityID) throw refuse('unexpected issuer');
  const destination = root.getAttribute('Destination');
  if (destination && destination !== sloURLOf(auth, provider.providerId)) throw refuse('wrong Destination');
  const inResponseTo = root.getAttribute('InResponseTo') ?? '';
  if (!REQUEST_ID.test(inResponseTo)) throw refuse('wrong InResponseTo');
  // The request it answers: one this server sent for this provider, from this browser, used once.
  const row = await auth.adapter.findOne<Row & { id: string; value: string; expiresAt: Date }>('verification', [
    { field: 'identifier', value: pendingIdentifier(inResponseTo) },
  ]);
  if (!row) throw refuse('wrong InResponseTo (unknown, or used)');
  let pending: PendingLogout;
  try {
    pending = JSON.parse(row.value) as PendingLogout;
  } catch {
    throw refuse('unreadable request');
  }
  if (pending.providerId !== provider.providerId) throw refuse('request of another provider');
  if (!sameBrowser(c, pending.browser)) throw refuse('request of another browser');
  if ((await auth.adapter.delete('verification', [{ field: 'id', value: row.id }])) === 0) throw refuse('used');
  if (Math.min(pending.expiresAt, row.expiresAt.getTime()) <= auth.now()) throw refuse('expired');
  const status = childElement(childElement(root, SAMLP, 'Status') ?? root, SAMLP, 'StatusCode')?.getAttribute('Value');
  if (status !== SUCCESS) throw ssoError('BAD_REQUEST', 'LOGOUT_FAILED_AT_IDP');
  return c.redirect(pending.callbackURL);
}
