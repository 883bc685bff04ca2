/**
 * What the sso tests share: options, an owner with an organization, the ACS post, and a SAML
 * identity provider (below).
 */
import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { expect } from 'vitest';
import type { CookieJar, GatehouseOptions, TestClient } from '../../test-kit.js';
import type { SSOOptions } from './config.js';

/** The options of a test instance with SSO and organizations on; `sso` merged in. */
export function ssoOptions(sso: SSOOptions = {}, extra: GatehouseOptions = {}): GatehouseOptions {
  return { organization: { enabled: true }, sso: { enabled: true, ...sso }, ...extra };
}

/** A signed-in user (in `jar`) owning a new organization; answers the organization's id. */
export async function ownerWithOrganization(t: TestClient, jar: CookieJar, slug: string, email?: string): Promise<{ organizationId: string; email: string }> {
  const who = await t.signUp({ email: email ?? `owner-${slug}-${Math.random().toString(36).slice(2)}@owner.example` }, jar);
  const org = await t.json<{ id: string }>('/organization/create', { body: { name: slug, slug }, jar });
  expect(org.status).toBe(200);
  return { organizationId: org.data.id, email: who.email };
}

const browsers = new WeakMap<TestClient, CookieJar>();

/** The browser that starts the sign-ins of a test (its cookie jar): `/sign-in/sso` sets its flow cookie there. */
export function browserOf(t: TestClient): CookieJar {
  let jar = browsers.get(t);
  if (!jar) {
    jar = t.newJar();
    browsers.set(t, jar);
  }
  return jar;
}

/**
 * `jar` (a new one when null) holding the flow cookie of `from` (default: the test's browser) unless
 * it has its own: the same browser, as far as the flow is concerned.
 */
export function asBrowser(t: TestClient, jar: CookieJar | null, from: CookieJar = browserOf(t)): CookieJar {
  const target = jar ?? t.newJar();
  for (const [name, value] of from.cookies) if (name.endsWith('sso_flow') && !target.cookies.has(name)) target.cookies.set(name, value);
  return target;
}

/**
 * Posts an IdP's form to the ACS as a browser would (cross-site): the browser that started the
 * sign-in (its flow cookie) unless `sameBrowser` is false; its session cookie lands in `jar`.
 */
export function postToAcs(
  t: TestClient,
  providerId: string,
  form: { SAMLResponse: string; RelayState?: string },
  jar: CookieJar | null = null,
  sameBrowser = true,
) {
  if (sameBrowser) jar = asBrowser(t, jar);
  const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return t.request(`/sso/saml2/sp/acs/${providerId}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test.example' },
    jar,
  });
}

/** The `error` parameter of a redirect's Location (null when it has none). */
export function errorOf(res: Response): string | null {
  const location = res.headers.get('location') ?? '';
  return new URL(location, 'http://x').searchParams.get('error');
}

/** True when the answer sets a session cookie. */
export function setsSession(res: Response): boolean {
  return res.headers.getSetCookie().some((l) => /session_token=[^;]/.test(l) && !/max-age=0/i.test(l));
}

/**
 * A SAML identity provider for the tests: its own RSA keys and self-signed certificate (made
 * with the machine's openssl), responses built from a template and signed with xml-crypto
 * (exclusive c14n, RSA-SHA256), as an IdP signs them. Options bend one thing at a time for the
 * negative cases (another key, no signature, a wrong audience, a tampered or wrapped document…).
 */
export interface KeyPair {
  privateKey: string;
  cert: string;
}

/** A key and a self-signed certificate for it. */
export function makeKeyPair(cn = 'test-idp'): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-saml-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3', '-subj', `/CN=${cn}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ResponseOptions {
  /** The AuthnRequest's ID it answers; null: unsolicited (no InResponseTo anywhere). */
  inResponseTo: string | null;
  acs: string;
  audience: string;
  nameID: string;
  /** Raw XML in place of the NameID's text (comment injection). */
  nameIDXml?: string;
  attributes?: Record<string, string | string[]>;
  issuer?: string;
  destination?: string;
  recipient?: string;
  assertionId?: string;
  /** Seconds from now the assertion stops being valid (negative: expired). */
  validFor?: number;
  sign?: 'assertion' | 'response' | 'none';
  key?: KeyPair;
  /** Changes the signed document before it is encoded (tampering, wrapping). */
  after?: (xml: string) => string;
  /** The AuthnStatement's SessionIndex (default: a new one). */
  sessionIndex?: string;
}

/** A LogoutRequest of the IdP (IdP-initiated single logout). */
export interface LogoutRequestOptions {
  destination: string;
  nameID: string;
  sessionIndex?: string;
  id?: string;
  issuer?: string;
  /** Milliseconds since the epoch (default: now). */
  issueInstant?: number;
}

/** The IdP's LogoutResponse to the SP's LogoutRequest. */
export interface LogoutResponseOptions {
  destination: string;
  inResponseTo: string;
  issuer?: string;
  status?: string;
}

/** How a redirect-binding message is signed: the IdP's key (default), another key, or not at all (null). */
export type QuerySigning = { key?: KeyPair | null; relayState?: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class TestIdp {
  readonly key = makeKeyPair('test-idp');
  readonly entityID = 'https://idp.test.example/metadata';
  readonly entryPoint = 'https://idp.test.example/sso';

  /**
   * The IdP's SAML 2.0 metadata: its entity ID, an HTTP-Redirect and an HTTP-POST SSO service, and
   * a signing KeyDescriptor per certificate (the IdP's own unless `certs`), plus an encryption key
   * that a reader must not take as a signing one.
   */
  metadata(o: { certs?: string[]; entityID?: string; validUntil?: string; encryptionCert?: string; redirect?: boolean } = {}): string {
    const body = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
    const key = (pem: string, use: string) =>
      `<md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n${body(pem)}\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    const until = o.validUntil ? ` validUntil="${o.validUntil}"` : '';
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(o.entityID ?? this.entityID)}"${until}>` +
      `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">` +
      (o.certs ?? [this.key.cert]).map((c) => key(c, 'signing')).join('') +
      (o.encryptionCert ? key(o.encryptionCert, 'encryption') : '') +
      `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.test.example/slo"/>` +
      `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
      (o.redirect === false ? '' : `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.entryPoint}"/>`) +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${this.entryPoint}/post"/>` +
      `</md:IDPSSODescriptor></md:EntityDescriptor>`
    );
  }

  /** The AuthnRequest carried by a sign-in URL (HTTP-Redirect: base64 of raw deflate). */
  static authnRequest(url: string): { id: string; xml: string; relayState: string } {
    const u = new URL(url);
    const xml = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
    return { id, xml, relayState: u.searchParams.get('RelayState') ?? '' };
  }

  /** The response XML (not encoded). */
  xml(o: ResponseOptions): string {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const until = iso(now + (o.validFor ?? 300) * 1000);
    const issuer = esc(o.issuer ?? this.entityID);
    const irt = o.inResponseTo === null ? '' : ` InResponseTo="${esc(o.inResponseTo)}"`;
    const attrs = Object.entries(o.attributes ?? {})
      .map(
        ([k, v]) =>
          `<saml:Attribute Name="${esc(k)}">${(Array.isArray(v) ? v : [v]).map((x) => `<saml:AttributeValue>${esc(x)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
      )
      .join('');
    return (
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.destination ?? o.acs)}"${irt}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${esc(o.assertionId ?? `_a${randomUUID()}`)}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.nameIDXml ?? esc(o.nameID)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${until}" Recipient="${esc(o.recipient ?? o.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${esc(o.sessionIndex ?? `_s${randomUUID()}`)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attrs ? `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` : '') +
      `</saml:Assertion></samlp:Response>`
    );
  }

  /** Signs the assertion (default) or the whole response with `key` (default: the IdP's own). */
  sign(xml: string, what: 'assertion' | 'response', key: KeyPair = this.key): string {
    const sig = new SignedXml({
      privateKey: key.privateKey,
      publicCert: key.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    const target = what === 'assertion' ? "//*[local-name(.)='Assertion']" : "/*[local-name(.)='Response']";
    sig.addReference({
      xpath: target,
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    });
    sig.computeSignature(xml, { location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' } });
    return sig.getSignedXml();
  }

  /** A LogoutRequest's XML (not encoded, not signed). */
  logoutRequestXml(o: LogoutRequestOptions): string {
    const iso = new Date(o.issueInstant ?? Date.now()).toISOString();
    return (
      `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${esc(o.id ?? `_l${randomUUID()}`)}" Version="2.0" IssueInstant="${iso}" Destination="${esc(o.destination)}">` +
      `<saml:Issuer>${esc(o.issuer ?? this.entityID)}</saml:Issuer>` +
      `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.nameID)}</saml:NameID>` +
      (o.sessionIndex ? `<samlp:SessionIndex>${esc(o.sessionIndex)}</samlp:SessionIndex>` : '') +
      `</samlp:LogoutRequest>`
    );
  }

  /** A LogoutResponse's XML (not encoded, not signed). */
  logoutResponseXml(o: LogoutResponseOptions): string {
    return (
      `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${esc(o.destination)}" InResponseTo="${esc(o.inResponseTo)}">` +
      `<saml:Issuer>${esc(o.issuer ?? this.entityID)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="${esc(o.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success')}"/></samlp:Status>` +
      `</samlp:LogoutResponse>`
    );
  }

  /**
   * The query of an HTTP-Redirect binding message (SAML bindings 3.4.4.1): deflated, base64,
   * and signed over `SAMLRequest|SAMLResponse=…&RelayState=…&SigAlg=…` with RSA-SHA256.
   */
  redirectQuery(param: 'SAMLRequest' | 'SAMLResponse', xml: string, o: QuerySigning = {}): string {
    const parts = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'))}`];
    if (o.relayState !== undefined) parts.push(`RelayState=${encodeURIComponent(o.relayState)}`);
    const key = o.key === undefined ? this.key : o.key;
    if (!key) return parts.join('&');
    parts.push(`SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`);
    const signature = createSign('RSA-SHA256').update(parts.join('&')).sign(key.privateKey, 'base64');
    return `${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
  }

  /** Signs a protocol message's root element (HTTP-POST binding), the signature after its Issuer. */
  signRoot(xml: string, key: KeyPair = this.key): string {
    const sig = new SignedXml({
      privateKey: key.privateKey,
      publicCert: key.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: '/*',
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    });
    sig.computeSignature(xml, { location: { reference: "/*/*[local-name(.)='Issuer']", action: 'after' } });
    return sig.getSignedXml();
  }

  /** The LogoutRequest a sign-out URL carries (HTTP-Redirect), with its query parameters. */
  static logoutRequest(url: string): { id: string; xml: string; params: URLSearchParams } {
    const u = new URL(url);
    const xml = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    return { id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '', xml, params: u.searchParams };
  }

  /** The base64 SAMLResponse an IdP would post. */
  response(o: ResponseOptions): string {
    let xml = this.xml(o);
    if (o.sign !== 'none') xml = this.sign(xml, o.sign ?? 'assertion', o.key);
    if (o.after) xml = o.after(xml);
    return Buffer.from(xml, 'utf8').toString('base64');
  }
}

/**
 * A DNS server on loopback (UDP) that answers TXT questions from `records` (name → strings) and
 * NXDOMAIN otherwise: what `domainVerification.nameservers` points a test server at.
 */
export async function startTxtServer(): Promise<{ address: string; records: Map<string, string[]>; close(): Promise<void> }> {
  const { createSocket } = await import('node:dgram');
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    if (query.length < 17) return;
    // The question: labels up to a zero byte, then type and class.
    let at = 12;
    const labels: string[] = [];
    while (at < query.length && query[at] !== 0) {
      const len = query[at]!;
      labels.push(query.subarray(at + 1, at + 1 + len).toString('ascii'));
      at += 1 + len;
    }
    const questionEnd = at + 5;
    const type = query.readUInt16BE(at + 1);
    const found = type === 16 ? records.get(labels.join('.').toLowerCase()) : undefined;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(found ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(found ? 1 : 0, 6);
    const parts = [header, query.subarray(12, questionEnd)];
    if (found) {
      const rdata = Buffer.concat(found.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])));
      const answer = Buffer.alloc(12);
      answer.writeUInt16BE(0xc00c, 0);
      answer.writeUInt16BE(16, 2);
      answer.writeUInt16BE(1, 4);
      answer.writeUInt32BE(60, 6);
      answer.writeUInt16BE(rdata.length, 10);
      parts.push(answer, rdata);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    records,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
