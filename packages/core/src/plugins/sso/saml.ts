import type { Profile, SAML } from '@node-saml/node-saml';
import { type AuthContext, loadPeer } from '../../kit.js';
import { ssoConfig } from './config.js';
import { SSOFlowError } from './errors.js';
import type { SSOIdentity } from './provision.js';
import { acsURLOf, type ProviderRow, type SamlSettings, sloURLOf } from './store.js';

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

// An optional peer of the library, loaded by the plugin's init (loadSamlLibrary): an app
// without enterprise SSO never installs it.
let library: typeof import('@node-saml/node-saml') | undefined;

/** Loads @node-saml/node-saml once; a missing package is named (MissingPeerError). */
export async function loadSamlLibrary(): Promise<void> {
  library ??= await loadPeer('@node-saml/node-saml', () => import('@node-saml/node-saml'));
}

function samlLibrary(): typeof import('@node-saml/node-saml') {
  if (!library) throw new Error("@node-saml/node-saml is loaded by the sso plugin's init");
  return library;
}
/** A response larger than this is not read (base64 characters). */
export const MAX_SAML_RESPONSE = 256 * 1024;

/**
 * The provider's SAML service provider, as @node-saml/node-saml (the maintained core of
 * passport-saml) implements it: AuthnRequests, SP metadata, and response validation (XML
 * signatures against the registered certificates only, one assertion, time conditions with
 * the configured clock skew). Audience, Destination, Recipient, InResponseTo and replays are
 * checked here, so that they answer `invalid_saml_response` rather than the library's `saml_error`.
 */
export function samlFor(auth: AuthContext, provider: ProviderRow, requestId?: string): SAML {
  const s = provider.samlConfig as SamlSettings;
  const config = ssoConfig(auth);
  const privateKey = s.authnRequestsSigned && s.privateKey ? auth.encrypter.decrypt(s.privateKey) : null;
  const { SAML, ValidateInResponseTo } = samlLibrary();
  return new SAML({
    entryPoint: s.entryPoint,
    issuer: s.spEntityID,
    callbackUrl: acsURLOf(auth, provider.providerId),
    logoutCallbackUrl: sloURLOf(auth, provider.providerId),
    // A LogoutRequest or LogoutResponse must come from the connection's IdP (the library checks its Issuer).
    idpIssuer: s.idpEntityID,
    ...(s.logoutUrl ? { logoutUrl: s.logoutUrl } : {}),
    idpCert: s.cert,
    audience: false,
    wantAssertionsSigned: s.wantAssertionsSigned,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: config.saml.clockSkew,
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: s.identifierFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
    ...(privateKey ? { privateKey, signatureAlgorithm: s.signatureAlgorithm?.includes('sha512') ? 'sha512' : 'sha256' } : {}),
  });
}

/**
 * The SP metadata document: entity ID, the ACS (HTTP-POST) and the SingleLogoutService, which
 * takes both bindings (the library writes the HTTP-POST one; the HTTP-Redirect one is added beside it).
 */
export function spMetadata(auth: AuthContext, provider: ProviderRow): string {
  const xml = samlFor(auth, provider).generateServiceProviderMetadata(null, null);
  const slo = sloURLOf(auth, provider.providerId).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return xml.replace(
    /(<SingleLogoutService\b[^>]*\/>)/,
    `$1<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${slo}"/>`,
  );
}

type Node = Record<string, unknown> & { $?: Record<string, string>; _?: string };
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);
const text = (n: Node | undefined): string | undefined => (typeof n?._ === 'string' ? n._ : typeof n === 'string' ? n : undefined);

/** What the raw response says about itself before any signature is checked (which request it answers). */
export function envelopeOf(samlResponse: string): { inResponseTo: string | null; destination: string | null } | null {
  let xml: string;
  try {
    xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  } catch {
    return null;
  }
  // Only the root element's own attributes are read here; everything trusted comes from the verified assertion.
  const root = /<(?:[A-Za-z_][\w.-]*:)?Response\b([^>]*)>/.exec(xml);
  if (!root) return null;
  const attr = (name: string) => {
    const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(root[1]!);
    return m ? (m[2] ?? m[3] ?? '') : null;
  };
  return { inResponseTo: attr('InResponseTo'), destination: attr('Destination') };
}

export interface VerifiedAssertion {
  identity: SSOIdentity;
  assertionId: string;
  /** When the assertion stops being valid: its ID is kept until then. */
  expiresAt: number;
  /** What single logout names the IdP's session by. */
  subject: SamlSubject;
}

/** The NameID (+ format) and SessionIndex of a sign-in: what a LogoutRequest carries and is matched by. */
export interface SamlSubject {
  nameID: string;
  nameIDFormat?: string;
  sessionIndex?: string;
}

function firstValue(attributes: Record<string, unknown>, names: readonly (string | undefined)[]): string | undefined {
  for (const name of names) {
    if (!name) continue;
    const v = attributes[name];
    const one = Array.isArray(v) ? v[0] : v;
    if (typeof one === 'string' && one.trim()) return one.trim();
  }
  return undefined;
}

const EMAIL = ['email', 'mail', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];
const GIVEN = ['givenName', 'firstName', 'given_name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42'];
const SURNAME = ['surname', 'sn', 'lastName', 'family_name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4'];
const DISPLAY = ['displayName', 'name', 'http://schemas.microsoft.com/identity/claims/displayname', 'urn:oid:2.16.840.1.113730.3.1.241'];

/**
 * Validates a POSTed SAMLResponse for `provider`: the library's checks (signature, time) fail
 * as `saml_error`; then, on the verified assertion only, its Issuer, Audience, the response's
 * Destination, the bearer confirmation's Recipient, InResponseTo and timestamps.
 */
export async function verifyResponse(
  auth: AuthContext,
  provider: ProviderRow,
  samlResponse: string,
  expect: { requestId: string | null },
): Promise<VerifiedAssertion> {
  const s = provider.samlConfig as SamlSettings;
  const config = ssoConfig(auth);
  const acs = acsURLOf(auth, provider.providerId);
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(auth, provider).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw new SSOFlowError('saml_error', e instanceof Error ? e.message : 'invalid SAML response');
  }
  if (!profile) throw new SSOFlowError('saml_error', 'no assertion');
  const invalid = (why: string) => new SSOFlowError('invalid_saml_response', why);
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  if (!assertion) throw invalid('no assertion');
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw invalid('assertion without ID');
  if (text(list(assertion.Issuer)[0]) !== s.idpEntityID) throw invalid('unexpected issuer');

  const envelope = envelopeOf(samlResponse);
  if (envelope?.destination && envelope.destination !== acs) throw invalid('wrong Destination');

  const conditions = list(assertion.Conditions)[0];
  const restrictions = list(conditions?.AudienceRestriction);
  if (!restrictions.length || !restrictions.every((r) => list(r.Audience).some((a) => text(a) === s.spEntityID))) throw invalid('wrong Audience');

  const bearer = list(list(assertion.Subject)[0]?.SubjectConfirmation)
    .filter((sc) => sc.$?.Method === BEARER)
    .map((sc) => list(sc.SubjectConfirmationData)[0]?.$ ?? {});
  if (!bearer.length) throw invalid('no bearer subject confirmation');
  const now = Date.now();
  const usable = bearer.filter((d) => d.Recipient === acs);
  if (!usable.length) throw invalid('wrong Recipient');
  const data = usable[0]!;
  // The signed confirmation must name the request (the Response's own attribute may be unsigned).
  if (expect.requestId !== null && data.InResponseTo !== expect.requestId) throw invalid('wrong InResponseTo');
  const ends = [conditions?.$?.NotOnOrAfter, data.NotOnOrAfter].filter((v): v is string => !!v).map((v) => Date.parse(v));
  if (config.saml.requireTimestamps && (!ends.length || ends.some(Number.isNaN))) throw invalid('no NotOnOrAfter');
  if (ends.some((t) => now - config.saml.clockSkew >= t)) throw new SSOFlowError('saml_error', 'expired');

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const m = s.mapping ?? {};
  const nameID = profile.nameID;
  if (!nameID) throw invalid('no NameID');
  const accountId = (m.id ? firstValue(attributes, [m.id]) : undefined) ?? nameID;
  const email = firstValue(attributes, [m.email, ...EMAIL]) ?? (nameID.includes('@') ? nameID : undefined);
  const given = firstValue(attributes, [m.firstName, ...GIVEN]);
  const surname = firstValue(attributes, [m.lastName, ...SURNAME]);
  const display = firstValue(attributes, [m.name, ...DISPLAY]);
  const verified = firstValue(attributes, [m.emailVerified ?? 'emailVerified']);
  return {
    identity: {
      accountId,
      email,
      emailVerified: verified === 'true',
      name: [given, surname].filter(Boolean).join(' ') || display || nameID,
      attributes,
    },
    assertionId,
    subject: { nameID, nameIDFormat: profile.nameIDFormat || undefined, sessionIndex: profile.sessionIndex || undefined },
    expiresAt: ends.length ? Math.max(...ends) + config.saml.clockSkew : now + 24 * 3600 * 1000,
  };
}
