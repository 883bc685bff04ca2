import type { Element } from '@xmldom/xmldom';
import { type AuthContext, loadPeer } from '../../kit.js';
import { ssoError } from './errors.js';
import { dispatcherFor, outboundProblem, refusedAsPrivate } from './outbound.js';
import { normalizeCert } from './store.js';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';

// An optional peer of the library, loaded by the plugin's init (loadXmlLibrary).
let xmlLibrary: typeof import('@xmldom/xmldom') | undefined;

/** Loads @xmldom/xmldom once; a missing package is named (MissingPeerError). */
export async function loadXmlLibrary(): Promise<void> {
  xmlLibrary ??= await loadPeer('@xmldom/xmldom', () => import('@xmldom/xmldom'));
}
const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
/** A metadata document larger than this is not read (characters / bytes). */
export const MAX_METADATA = 512 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** What an IdP's SAML metadata says about it: what a connection needs. */
export interface IdpMetadata {
  entityID: string;
  /** The HTTP-Redirect SingleSignOnService (the binding Gatehouse sends its AuthnRequest with). */
  entryPoint: string;
  binding: string;
  /** Signing certificates (PEM), several during a rotation. */
  cert: string[];
  singleSignOnService: { Binding: string; Location: string }[];
  singleLogoutService: { Binding: string; Location: string }[];
  /** The document's validUntil, when it has one (ISO). */
  validUntil?: string;
}

const children = (el: Element, ns: string, name: string): Element[] => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name) out.push(n as Element);
  }
  return out;
};

const services = (el: Element, name: string) =>
  children(el, MD, name)
    .map((s) => ({ Binding: s.getAttribute('Binding') ?? '', Location: (s.getAttribute('Location') ?? '').trim() }))
    .filter((s) => s.Binding && s.Location);

/** The text of every ds:X509Certificate under an element, at any depth. */
function x509Texts(el: Element): string[] {
  const out: string[] = [];
  const list = el.getElementsByTagNameNS(DS, 'X509Certificate');
  for (let i = 0; i < list.length; i++) out.push(list.item(i)?.textContent ?? '');
  return out;
}

/**
 * Reads an IdP's SAML 2.0 metadata (an `EntityDescriptor`, or an `EntitiesDescriptor` holding
 * one identity provider, or several and `entityID` naming one) with @xmldom/xmldom. No DTD is
 * accepted (no entity expansion); malformed XML, a document without an IDPSSODescriptor, without
 * an HTTP-Redirect SingleSignOnService, without a signing certificate or past its validUntil is
 * refused with 400 and a code saying which. The metadata's own signature is not checked: it is
 * trusted as the administrator pasted it, or as HTTPS delivered it (see fetchIdpMetadata).
 */
export function parseIdpMetadata(xml: string, now: number, entityID?: string): IdpMetadata {
  if (xml.length > MAX_METADATA) throw ssoError('BAD_REQUEST', 'METADATA_TOO_LARGE');
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw ssoError('BAD_REQUEST', 'METADATA_DTD_NOT_ALLOWED');
  let root: Element | null;
  try {
    if (!xmlLibrary) throw new Error("@xmldom/xmldom is loaded by the sso plugin's init");
    const doc = new xmlLibrary.DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    root = doc.documentElement;
  } catch {
    throw ssoError('BAD_REQUEST', 'INVALID_METADATA_XML');
  }
  if (!root || root.namespaceURI !== MD || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName ?? '')) {
    throw ssoError('BAD_REQUEST', 'NOT_IDP_METADATA');
  }
  const entities = root.localName === 'EntityDescriptor' ? [root] : Array.from(root.getElementsByTagNameNS(MD, 'EntityDescriptor'));
  const idps = entities.filter((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  const chosen = entityID ? idps.filter((e) => e.getAttribute('entityID') === entityID) : idps;
  if (!idps.length) throw ssoError('BAD_REQUEST', 'NOT_IDP_METADATA');
  if (entityID && !chosen.length) throw ssoError('BAD_REQUEST', 'METADATA_ENTITY_MISMATCH');
  if (chosen.length > 1) throw ssoError('BAD_REQUEST', 'METADATA_SEVERAL_IDPS');
  const entity = chosen[0]!;
  const id = entity.getAttribute('entityID')?.trim();
  if (!id) throw ssoError('BAD_REQUEST', 'NOT_IDP_METADATA');

  const until = [root, entity].map((e) => e.getAttribute('validUntil')).find((v): v is string => !!v);
  if (until !== undefined) {
    const t = Date.parse(until);
    if (Number.isNaN(t)) throw ssoError('BAD_REQUEST', 'INVALID_METADATA_XML');
    if (t <= now) throw ssoError('BAD_REQUEST', 'METADATA_EXPIRED');
  }

  const descriptor = children(entity, MD, 'IDPSSODescriptor')[0]!;
  const sso = services(descriptor, 'SingleSignOnService');
  const redirect = sso.find((s) => s.Binding === REDIRECT_BINDING);
  if (!redirect) throw ssoError('BAD_REQUEST', 'METADATA_NO_REDIRECT_BINDING');
  let entry: URL;
  try {
    entry = new URL(redirect.Location);
  } catch {
    throw ssoError('BAD_REQUEST', 'METADATA_NO_REDIRECT_BINDING');
  }
  if (entry.protocol !== 'https:' && entry.protocol !== 'http:') throw ssoError('BAD_REQUEST', 'METADATA_NO_REDIRECT_BINDING');

  // A KeyDescriptor without `use` serves both signing and encryption (SAML metadata 2.4.1.1).
  const keys = children(descriptor, MD, 'KeyDescriptor').filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const raw = keys.flatMap(x509Texts);
  const certs = raw.map(normalizeCert);
  if (certs.some((c) => c === null)) throw ssoError('BAD_REQUEST', 'INVALID_CERTIFICATE');
  const unique = [...new Set(certs as string[])];
  if (!unique.length) throw ssoError('BAD_REQUEST', 'METADATA_NO_CERTIFICATE');
  if (unique.length > 5) throw ssoError('BAD_REQUEST', 'METADATA_TOO_MANY_CERTIFICATES');

  return {
    entityID: id,
    entryPoint: redirect.Location,
    binding: redirect.Binding,
    cert: unique,
    singleSignOnService: sso.filter((s) => s.Binding === REDIRECT_BINDING || s.Binding === POST_BINDING),
    singleLogoutService: services(descriptor, 'SingleLogoutService'),
    ...(until ? { validUntil: new Date(until).toISOString() } : {}),
  };
}

/**
 * The root element of a SAML protocol message (a LogoutRequest or LogoutResponse whose signature
 * the library checked), parsed with @xmldom/xmldom, no DTD; null when it is not well-formed. Read
 * as a DOM, not by pattern: a comment before the root cannot pose as it.
 */
export function messageRoot(xml: string): Element | null {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml) || !xmlLibrary) return null;
  try {
    const doc = new xmlLibrary.DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    return doc.documentElement ?? null;
  } catch {
    return null;
  }
}

/** The text of the first child element `name` (SAML assertion or protocol namespace) of `el`. */
export function childText(el: Element, ns: string, name: string): string | undefined {
  return children(el, ns, name)[0]?.textContent?.trim();
}

/** The first child element `name` of `el` in namespace `ns`. */
export function childElement(el: Element, ns: string, name: string): Element | undefined {
  return children(el, ns, name)[0];
}

/**
 * Fetches an IdP's metadata document: https only (plain http only for a trusted origin, e.g. an
 * IdP inside the company network the operator named), through the SSRF guard (no private or
 * loopback address unless trusted), no redirects followed, 10 s at most, 512 KiB at most.
 */
export async function fetchIdpMetadata(auth: AuthContext, url: string): Promise<string> {
  const parsed = URL.parse(url);
  if (parsed?.protocol === 'http:' && !auth.origins.isTrustedOrigin(parsed.origin)) throw ssoError('BAD_REQUEST', 'METADATA_URL_NOT_HTTPS');
  const problem = await outboundProblem(auth, url);
  if (problem === 'private') throw ssoError('BAD_REQUEST', 'ISSUER_NOT_ALLOWED');
  if (problem) throw ssoError('BAD_REQUEST', 'INVALID_METADATA_URL');
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml', 'user-agent': 'Gatehouse' },
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      // Node's fetch is undici's and takes its dispatcher (not in the DOM's RequestInit type).
      ...({ dispatcher: dispatcherFor(auth, url) } as object),
    });
  } catch (e) {
    auth.logger.warn({ url, err: String(e) }, 'sso: IdP metadata fetch failed');
    throw ssoError('BAD_REQUEST', refusedAsPrivate(e) ? 'ISSUER_NOT_ALLOWED' : 'METADATA_FETCH_FAILED');
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw ssoError('BAD_REQUEST', 'METADATA_FETCH_FAILED');
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_METADATA) {
      await reader.cancel();
      throw ssoError('BAD_REQUEST', 'METADATA_TOO_LARGE');
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The metadata a request names: pasted XML, else fetched from its URL. */
export async function idpMetadataOf(auth: AuthContext, input: { metadata?: string; metadataUrl?: string; entityID?: string }): Promise<IdpMetadata | null> {
  if (input.metadata === undefined && input.metadataUrl === undefined) return null;
  const xml = input.metadata ?? (await fetchIdpMetadata(auth, input.metadataUrl as string));
  return parseIdpMetadata(xml, auth.now(), input.entityID);
}
