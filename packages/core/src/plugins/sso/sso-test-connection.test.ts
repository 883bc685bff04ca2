import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenIdProvider, startOpenIdProvider } from '../../../../../tests/kit/openid-provider.js';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { makeKeyPair, type KeyPair, ownerWithOrganization, postToAcs, setsSession, ssoOptions, TestIdp } from './test-kit.js';

/**
 * "Test connection" (issue 38): an owner runs the IdP's sign-in without signing anyone in; the
 * answer passes every check of a real sign-in and its tester reads what the IdP sent (or why it
 * was refused), nobody else.
 */
const BASE = 'http://localhost:3000/api/auth';
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const ACS = `${BASE}/sso/saml2/sp/acs/acme-saml`;

let idp: TestIdp;
let attacker: KeyPair;
let op: OpenIdProvider;
beforeAll(async () => {
  idp = new TestIdp();
  attacker = makeKeyPair('attacker');
  op = await startOpenIdProvider({
    redirectURI: `${BASE}/sso/callback/acme-oidc`,
    accounts: { gina: { sub: 'gina', email: 'gina@acme.test', email_verified: true, name: 'Gina', groups: ['it-admins'] } },
  });
});
afterAll(() => op?.close());
const clients = useTestClients();

interface Setup {
  t: TestClient;
  owner: CookieJar;
  organizationId: string;
}

async function setup(): Promise<Setup> {
  const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }, { trustedOrigins: [op.issuer] }));
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  const roleMapping = { attribute: 'groups', rules: [{ value: 'it-admins', role: 'admin' }] };
  const saml = await t.json('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme-saml',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      roleMapping,
      samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
    },
  });
  expect(saml.status).toBe(200);
  const oidc = await t.json('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme-oidc',
      issuer: op.issuer,
      domain: 'acme.test',
      organizationId,
      roleMapping,
      oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret },
    },
  });
  expect(oidc.status).toBe(200);
  return { t, owner, organizationId };
}

const startTest = (s: Setup, providerId: string, jar: CookieJar | null = s.owner) =>
  s.t.json<{ url: string; code?: string }>('/sso/test-connection', { jar, body: { providerId, callbackURL: '/organizations/sso' } });

/** Where the test window lands: its ssoTest id. */
function testIdOf(res: Response): string {
  const location = new URL(res.headers.get('location') ?? '', 'http://x');
  expect(location.pathname).toBe('/organizations/sso');
  return location.searchParams.get('ssoTest') ?? '';
}

const users = async (t: TestClient) => (await t.auth.context()).adapter.count('user', []);

describe('Test connection', () => {
  it('SAML: reports what the IdP sent (NameID, email, attributes, the role a sign-in would give) and signs nobody in', async () => {
    const s = await setup();
    const before = await users(s.t);
    const started = await startTest(s, 'acme-saml');
    expect(started.status).toBe(200);
    const req = TestIdp.authnRequest(started.data.url);
    const window = s.t.newJar();
    const res = await postToAcs(
      s.t,
      'acme-saml',
      {
        SAMLResponse: idp.response({
          nameID: 'dana@acme.test',
          inResponseTo: req.id,
          acs: ACS,
          audience: SP_ENTITY,
          attributes: { email: 'Dana@acme.test', displayName: 'Dana', groups: ['it-admins', 'staff'] },
        }),
        RelayState: req.relayState,
      },
      window,
    );
    expect(res.status).toBe(302);
    expect(setsSession(res)).toBe(false);
    const id = testIdOf(res);
    expect(await users(s.t)).toBe(before);

    const result = await s.t.json<Record<string, unknown>>(`/sso/test-result?id=${id}`, { jar: s.owner });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      providerId: 'acme-saml',
      ok: true,
      identity: { accountId: 'dana@acme.test', email: 'dana@acme.test', emailVerified: false, name: 'Dana' },
      attributes: { groups: ['it-admins', 'staff'] },
      emailAllowed: true,
      role: 'admin',
    });
  });

  it('SAML: a refused answer is reported with its code and why; still nobody signed in', async () => {
    const s = await setup();
    const req = TestIdp.authnRequest((await startTest(s, 'acme-saml')).data.url);
    const res = await postToAcs(s.t, 'acme-saml', {
      SAMLResponse: idp.response({ nameID: 'dana@acme.test', inResponseTo: req.id, acs: ACS, audience: 'https://other-sp.example' }),
      RelayState: req.relayState,
    });
    expect(setsSession(res)).toBe(false);
    const result = await s.t.json<{ ok: boolean; error: string; description: string }>(`/sso/test-result?id=${testIdOf(res)}`, { jar: s.owner });
    expect(result.data).toMatchObject({ ok: false, error: 'invalid_saml_response', description: 'wrong Audience' });

    const forged = TestIdp.authnRequest((await startTest(s, 'acme-saml')).data.url);
    const bad = await postToAcs(s.t, 'acme-saml', {
      SAMLResponse: idp.response({ nameID: 'dana@acme.test', inResponseTo: forged.id, acs: ACS, audience: SP_ENTITY, key: attacker }),
      RelayState: forged.relayState,
    });
    const refused = await s.t.json<{ ok: boolean; error: string }>(`/sso/test-result?id=${testIdOf(bad)}`, { jar: s.owner });
    expect(refused.data).toMatchObject({ ok: false, error: 'saml_error' });
  });

  it('OIDC: reports the claims and signs nobody in', async () => {
    const s = await setup();
    const before = await users(s.t);
    const started = await startTest(s, 'acme-oidc');
    expect(started.status).toBe(200);
    const back = await op.authorize(started.data.url, 'gina');
    const res = await s.t.request(back, { jar: s.t.newJar() });
    expect(setsSession(res)).toBe(false);
    expect(await users(s.t)).toBe(before);
    const result = await s.t.json<Record<string, unknown>>(`/sso/test-result?id=${testIdOf(res)}`, { jar: s.owner });
    expect(result.data).toMatchObject({
      providerId: 'acme-oidc',
      ok: true,
      identity: { accountId: 'gina', email: 'gina@acme.test', emailVerified: true, name: 'Gina' },
      attributes: { sub: 'gina', groups: ['it-admins'] },
      role: 'admin',
    });
  });

  it('only whoever manages the connection starts a test; only its tester reads the result', async () => {
    const s = await setup();
    const stranger = s.t.newJar();
    await s.t.signUp({}, stranger);
    const denied = await startTest(s, 'acme-saml', stranger);
    expect([denied.status, denied.data.code]).toEqual([403, 'PROVIDER_ACCESS_DENIED']);
    expect((await startTest(s, 'acme-saml', null)).status).toBe(401);
    const offsite = await s.t.json<{ code: string }>('/sso/test-connection', {
      jar: s.owner,
      body: { providerId: 'acme-saml', callbackURL: 'https://evil.example/steal' },
    });
    expect(offsite.status).toBe(403);

    const req = TestIdp.authnRequest((await startTest(s, 'acme-saml')).data.url);
    const form = { SAMLResponse: idp.response({ nameID: 'dana@acme.test', inResponseTo: req.id, acs: ACS, audience: SP_ENTITY }), RelayState: req.relayState };
    const res = await postToAcs(s.t, 'acme-saml', form);
    const id = testIdOf(res);
    const other = await s.t.json<{ code: string }>(`/sso/test-result?id=${id}`, { jar: stranger });
    expect([other.status, other.data.code]).toEqual([404, 'TEST_RESULT_NOT_FOUND']);
    expect((await s.t.json(`/sso/test-result?id=${id}`, { jar: null })).status).toBe(401);
    expect((await s.t.json('/sso/test-result?id=nope', { jar: s.owner })).status).toBe(404);
    // The tested answer posted again signs no one in (its request was used once, its assertion ID is spent).
    const replay = await postToAcs(s.t, 'acme-saml', form, s.t.newJar());
    expect(setsSession(replay)).toBe(false);
    expect(new URL(replay.headers.get('location') ?? '', 'http://x').searchParams.get('error')).toMatch(
      /^(invalid_state|invalid_saml_response|replay_detected)$/,
    );
  });
});
