import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { makeKeyPair, type KeyPair, ownerWithOrganization, postToAcs, setsSession, ssoOptions, TestIdp, browserOf } from './test-kit.js';

/**
 * IdP metadata (issue 38): a SAML connection from the IdP's metadata XML, pasted or fetched from
 * its URL through the SSRF guard, read with @xmldom/xmldom; every bad document a clear 400 with
 * its code and nothing stored.
 */
const BASE = 'http://localhost:3000/api/auth';
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const ACS = `${BASE}/sso/saml2/sp/acs/acme-md`;

let idp: TestIdp;
let next: KeyPair;
let other: KeyPair;
/** A metadata server on loopback: each path answers what `pages` holds. */
const pages = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();
let server: Server;
let origin: string;
beforeAll(async () => {
  idp = new TestIdp();
  next = makeKeyPair('next-idp-key');
  other = makeKeyPair('encryption');
  server = createServer((req, res) => {
    const page = pages.get(req.url ?? '') ?? { status: 404, body: 'not found' };
    res.writeHead(page.status, { 'content-type': 'application/samlmetadata+xml', ...page.headers });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const clients = useTestClients();

async function setup(trusted = false): Promise<{ t: TestClient; owner: CookieJar; organizationId: string }> {
  const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }, trusted ? { trustedOrigins: [origin] } : {}));
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  return { t, owner, organizationId };
}

const register = (t: TestClient, owner: CookieJar, organizationId: string, idpMetadata: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.json<Record<string, unknown> & { message?: string; code?: string }>('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme-md',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      samlConfig: { idpMetadata, spMetadata: { entityID: SP_ENTITY }, ...extra },
    },
  });

async function providerCount(t: TestClient): Promise<number> {
  return (await t.auth.context()).adapter.count('ssoProvider', []);
}

describe('IdP metadata: pasted XML', () => {
  it('fills the entity ID, the HTTP-Redirect SSO URL and the signing certificates (not the encryption one); the connection then signs in', async () => {
    const { t, owner, organizationId } = await setup();
    const reg = await register(t, owner, organizationId, { metadata: idp.metadata({ encryptionCert: other.cert }) });
    expect(reg.status).toBe(200);
    const saml = reg.data.samlConfig as { entryPoint: string; idpMetadata: { entityID: string }; certificate: { fingerprintSha256: string }[] };
    expect(saml.entryPoint).toBe(idp.entryPoint);
    expect(saml.idpMetadata.entityID).toBe(idp.entityID);
    expect(saml.certificate).toHaveLength(1);

    const r = await t.json<{ url: string }>('/sign-in/sso', { body: { providerId: 'acme-md', callbackURL: '/dashboard' }, jar: browserOf(t) });
    expect(r.data.url.startsWith(`${idp.entryPoint}?SAMLRequest=`)).toBe(true);
    const req = TestIdp.authnRequest(r.data.url);
    const jar = t.newJar();
    const res = await postToAcs(
      t,
      'acme-md',
      { SAMLResponse: idp.response({ nameID: 'alice@acme.test', inResponseTo: req.id, acs: ACS, audience: SP_ENTITY }), RelayState: req.relayState },
      jar,
    );
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(setsSession(res)).toBe(true);
  });

  it('keeps every signing certificate for a rotation: a response signed by the next key is accepted', async () => {
    const { t, owner, organizationId } = await setup();
    const reg = await register(t, owner, organizationId, { metadata: idp.metadata({ certs: [idp.key.cert, next.cert] }) });
    expect((reg.data.samlConfig as { certificate: unknown[] }).certificate).toHaveLength(2);
    const r = await t.json<{ url: string }>('/sign-in/sso', { body: { providerId: 'acme-md', callbackURL: '/dashboard' }, jar: browserOf(t) });
    const req = TestIdp.authnRequest(r.data.url);
    const res = await postToAcs(t, 'acme-md', {
      SAMLResponse: idp.response({ nameID: 'bob@acme.test', inResponseTo: req.id, acs: ACS, audience: SP_ENTITY, key: next }),
      RelayState: req.relayState,
    });
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('previews what it read (POST /sso/idp-metadata), storing nothing; signed out → 401', async () => {
    const { t, owner } = await setup();
    const read = await t.json<Record<string, unknown>>('/sso/idp-metadata', {
      jar: owner,
      body: { metadata: idp.metadata({ validUntil: '2099-01-01T00:00:00Z' }) },
    });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({
      entityID: idp.entityID,
      entryPoint: idp.entryPoint,
      binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
      validUntil: '2099-01-01T00:00:00.000Z',
      singleLogoutService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: 'https://idp.test.example/slo' }],
    });
    expect((read.data.certificate as { fingerprintSha256: string }[])[0]!.fingerprintSha256).toMatch(/^[0-9A-F:]+$/);
    expect(await providerCount(t)).toBe(0);
    const anonymous = await t.json('/sso/idp-metadata', { jar: null, body: { metadata: idp.metadata() } });
    expect(anonymous.status).toBe(401);
  });

  it('a new metadata document on update replaces the certificates (rotation done)', async () => {
    const { t, owner, organizationId } = await setup();
    await register(t, owner, organizationId, { metadata: idp.metadata() });
    const up = await t.json<{ samlConfig: { certificate: { fingerprintSha256: string }[] } }>('/sso/update-provider', {
      jar: owner,
      body: { providerId: 'acme-md', samlConfig: { idpMetadata: { metadata: idp.metadata({ certs: [next.cert] }) } } },
    });
    expect(up.status).toBe(200);
    const r = await t.json<{ url: string }>('/sign-in/sso', {
      body: { providerId: 'acme-md', callbackURL: '/dashboard', errorCallbackURL: '/sign-in' },
      jar: browserOf(t),
    });
    const req = TestIdp.authnRequest(r.data.url);
    const old = await postToAcs(t, 'acme-md', {
      SAMLResponse: idp.response({ nameID: 'c@acme.test', inResponseTo: req.id, acs: ACS, audience: SP_ENTITY }),
      RelayState: req.relayState,
    });
    expect(old.headers.get('location')).toContain('error=saml_error');
  });

  const bad: [string, () => string, string, number?][] = [
    ['malformed XML', () => '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><unclosed>', 'INVALID_METADATA_XML'],
    ['text, not XML', () => 'this is not xml', 'INVALID_METADATA_XML'],
    [
      'a DOCTYPE with an external entity (XXE)',
      () =>
        `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${idp.metadata().replace('<?xml version="1.0" encoding="UTF-8"?>\n', '')}`,
      'METADATA_DTD_NOT_ALLOWED',
    ],
    ['entity expansion (billion laughs)', () => '<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><x>&b;</x>', 'METADATA_DTD_NOT_ALLOWED'],
    ['another XML document', () => '<html><body>Sign in</body></html>', 'NOT_IDP_METADATA'],
    [
      "an SP's metadata (no IDPSSODescriptor)",
      () =>
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor protocolSupportEnumeration="x"/></md:EntityDescriptor>',
      'NOT_IDP_METADATA',
    ],
    ['an IdP with only the HTTP-POST SSO binding', () => idp.metadata({ redirect: false }), 'METADATA_NO_REDIRECT_BINDING'],
    ['an IdP without signing certificate', () => idp.metadata({ certs: [] }), 'METADATA_NO_CERTIFICATE'],
    ['a certificate that is not one', () => idp.metadata({ certs: ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'] }), 'INVALID_CERTIFICATE'],
    ['expired metadata (validUntil past)', () => idp.metadata({ validUntil: '2020-01-01T00:00:00Z' }), 'METADATA_EXPIRED'],
    [
      'two IdPs and no entityID to choose',
      () =>
        `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${[idp.metadata(), idp.metadata({ entityID: 'https://idp2.example' })]
          .map((x) => x.replace('<?xml version="1.0" encoding="UTF-8"?>\n', ''))
          .join('')}</md:EntitiesDescriptor>`,
      'METADATA_SEVERAL_IDPS',
    ],
  ];
  for (const [what, xml, code] of bad) {
    it(`refuses ${what}: 400 ${code}, nothing stored`, async () => {
      const { t, owner, organizationId } = await setup();
      const reg = await register(t, owner, organizationId, { metadata: xml() });
      expect(reg.status).toBe(400);
      expect(reg.data.code).toBe(code);
      expect(reg.data.message).toMatch(/\w/);
      expect(await providerCount(t)).toBe(0);
      const read = await t.json<{ code: string }>('/sso/idp-metadata', { jar: owner, body: { metadata: xml() } });
      expect([read.status, read.data.code]).toEqual([400, code]);
    });
  }

  it('picks the named IdP of several; a name it does not hold → 400 METADATA_ENTITY_MISMATCH', async () => {
    const { t, owner, organizationId } = await setup();
    const both = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${[
      idp.metadata(),
      idp.metadata({ entityID: 'https://idp2.example', certs: [next.cert] }),
    ]
      .map((x) => x.replace('<?xml version="1.0" encoding="UTF-8"?>\n', ''))
      .join('')}</md:EntitiesDescriptor>`;
    const wrong = await register(t, owner, organizationId, { metadata: both, entityID: 'https://nobody.example' });
    expect([wrong.status, wrong.data.code]).toEqual([400, 'METADATA_ENTITY_MISMATCH']);
    const ok = await register(t, owner, organizationId, { metadata: both, entityID: 'https://idp2.example' });
    expect(ok.status).toBe(200);
    expect((ok.data.samlConfig as { idpMetadata: { entityID: string } }).idpMetadata.entityID).toBe('https://idp2.example');
  });

  it('without metadata, entryPoint and cert are required: 400 METADATA_REQUIRED', async () => {
    const { t, owner, organizationId } = await setup();
    const reg = await register(t, owner, organizationId, { entityID: idp.entityID });
    expect([reg.status, reg.data.code]).toEqual([400, 'METADATA_REQUIRED']);
  });
});

describe('IdP metadata: from its URL', () => {
  it('fetches it from a trusted origin and fills the connection', async () => {
    pages.set('/metadata', { status: 200, body: idp.metadata() });
    const { t, owner, organizationId } = await setup(true);
    const reg = await register(t, owner, organizationId, { metadataUrl: `${origin}/metadata` });
    expect(reg.status).toBe(200);
    expect(reg.data.samlConfig).toMatchObject({ entryPoint: idp.entryPoint, idpMetadata: { entityID: idp.entityID }, metadataUrl: `${origin}/metadata` });
  });

  it('refuses a loopback or private host that is not a trusted origin (SSRF): 400 ISSUER_NOT_ALLOWED, nothing fetched', async () => {
    let hits = 0;
    pages.set('/counted', { status: 200, body: idp.metadata() });
    server.on('request', () => hits++);
    const { t, owner, organizationId } = await setup(false);
    for (const url of [
      `${origin.replace('http:', 'https:')}/counted`,
      'https://localhost:9/metadata',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/md',
      'https://[::1]/md',
    ]) {
      const reg = await register(t, owner, organizationId, { metadataUrl: url });
      expect([url, reg.status, reg.data.code]).toEqual([url, 400, 'ISSUER_NOT_ALLOWED']);
    }
    expect(hits).toBe(0);
    expect(await providerCount(t)).toBe(0);
  });

  it('refuses plain http to a public host (the metadata carries the keys that are trusted): 400 METADATA_URL_NOT_HTTPS', async () => {
    const { t, owner, organizationId } = await setup(false);
    for (const url of ['http://idp.example.com/metadata', `${origin}/counted`]) {
      const reg = await register(t, owner, organizationId, { metadataUrl: url });
      expect([url, reg.status, reg.data.code]).toEqual([url, 400, 'METADATA_URL_NOT_HTTPS']);
    }
  });

  it('an answer that is not 200, a redirect, or a document over 512 KiB → 400 with its code', async () => {
    pages.set('/redirect', { status: 302, body: '', headers: { location: 'http://169.254.169.254/' } });
    pages.set('/huge', { status: 200, body: `<x>${'a'.repeat(600 * 1024)}</x>` });
    pages.set('/html', { status: 200, body: '<html><body>login</body></html>' });
    const { t, owner, organizationId } = await setup(true);
    const cases: [string, string][] = [
      ['/missing', 'METADATA_FETCH_FAILED'],
      ['/redirect', 'METADATA_FETCH_FAILED'],
      ['/huge', 'METADATA_TOO_LARGE'],
      ['/html', 'NOT_IDP_METADATA'],
    ];
    for (const [path, code] of cases) {
      const reg = await register(t, owner, organizationId, { metadataUrl: `${origin}${path}` });
      expect([path, reg.status, reg.data.code]).toEqual([path, 400, code]);
    }
    expect(await providerCount(t)).toBe(0);
  });
});
