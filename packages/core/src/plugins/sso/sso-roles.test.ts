import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenIdProvider, startOpenIdProvider } from '../../../../../tests/kit/openid-provider.js';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { ownerWithOrganization, postToAcs, ssoOptions, TestIdp, browserOf, asBrowser } from './test-kit.js';

/**
 * Role mapping (issue 38): a connection maps an IdP attribute's values (SAML) or a claim's (OIDC)
 * to organization roles, built-in or the organization's own; applied at the first sign-in (JIT)
 * and at every later one; `owner` is never given nor taken.
 */
const BASE = 'http://localhost:3000/api/auth';
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const ACS = `${BASE}/sso/saml2/sp/acs/acme-saml`;
const REDIRECT_URI = `${BASE}/sso/callback/acme-oidc`;
const MAPPING = {
  attribute: 'groups',
  rules: [
    { value: 'gh-admins', role: 'admin' },
    { value: 'finance', role: 'billing' },
  ],
};

let idp: TestIdp;
let op: OpenIdProvider;
const accounts: Record<string, Record<string, unknown>> = {
  carol: { sub: 'carol', email: 'carol@acme.test', email_verified: true, name: 'Carol', groups: ['finance'] },
};
beforeAll(async () => {
  idp = new TestIdp();
  op = await startOpenIdProvider({ redirectURI: REDIRECT_URI, accounts });
});
afterAll(() => op?.close());
const clients = useTestClients();

interface Setup {
  t: TestClient;
  owner: CookieJar;
  organizationId: string;
}

async function setup(): Promise<Setup> {
  const t = await clients.open(
    ssoOptions(
      { domainVerification: { enabled: false } },
      { organization: { enabled: true, dynamicAccessControl: { enabled: true } }, trustedOrigins: [op.issuer] },
    ),
  );
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  const role = await t.json('/organization/create-role', { jar: owner, body: { organizationId, role: 'billing', permission: { member: ['update'] } } });
  expect(role.status).toBe(200);
  return { t, owner, organizationId };
}

const registerSaml = (s: Setup, roleMapping: unknown, organizationId: string | null = s.organizationId) =>
  s.t.json<{ code?: string }>('/sso/register', {
    jar: s.owner,
    body: {
      providerId: 'acme-saml',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId: organizationId ?? undefined,
      roleMapping,
      samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
    },
  });

/** A SAML sign-in of dave with these groups; answers his user id. */
async function samlSignIn(s: Setup, groups: string[]): Promise<string> {
  const r = await s.t.json<{ url: string }>('/sign-in/sso', { body: { providerId: 'acme-saml', callbackURL: '/dashboard' }, jar: browserOf(s.t) });
  const req = TestIdp.authnRequest(r.data.url);
  const jar = s.t.newJar();
  const res = await postToAcs(
    s.t,
    'acme-saml',
    {
      SAMLResponse: idp.response({
        nameID: 'dave@acme.test',
        inResponseTo: req.id,
        acs: ACS,
        audience: SP_ENTITY,
        attributes: { email: 'dave@acme.test', groups },
      }),
      RelayState: req.relayState,
    },
    jar,
  );
  expect(res.headers.get('location')).toBe('/dashboard');
  const session = await s.t.json<{ user: { id: string } }>('/get-session', { jar });
  return session.data.user.id;
}

async function roleOf(s: Setup, userId: string): Promise<string | undefined> {
  const members = await s.t.json<{ members: { userId: string; role: string }[] }>(`/organization/list-members?organizationId=${s.organizationId}`, {
    jar: s.owner,
  });
  return members.data.members.find((m) => m.userId === userId)?.role;
}

describe('SSO role mapping', () => {
  it('SAML: the groups attribute gives the role at JIT, and every later sign-in follows it (up, down, several), audited', async () => {
    const s = await setup();
    expect((await registerSaml(s, MAPPING)).status).toBe(200);
    const dave = await samlSignIn(s, ['gh-admins', 'staff']);
    expect(await roleOf(s, dave)).toBe('admin');
    await samlSignIn(s, ['staff']);
    expect(await roleOf(s, dave)).toBe('member');
    await samlSignIn(s, ['finance', 'gh-admins']);
    expect(await roleOf(s, dave)).toBe('admin,billing');
    const audit = await (await s.t.auth.context()).adapter.findMany<{ details: unknown }>('auditEvent', {
      where: [{ field: 'type', value: 'sso.member.role' }],
    });
    // The membership made at JIT (no role before), then admin → member, member → admin,billing.
    const changes = audit.map((a) => (typeof a.details === 'string' ? JSON.parse(a.details) : a.details) as { before: string | null; after: string });
    expect(changes.map((d) => `${d.before}→${d.after}`).sort()).toEqual(['admin→member', 'member→admin,billing', 'null→admin']);
  });

  it("no rule matching gives the mapping's defaultRole; without a mapping a later sign-in leaves a role an admin set", async () => {
    const s = await setup();
    expect((await registerSaml(s, { ...MAPPING, defaultRole: 'billing' })).status).toBe(200);
    const dave = await samlSignIn(s, []);
    expect(await roleOf(s, dave)).toBe('billing');
    const off = await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme-saml', roleMapping: null } });
    expect(off.status).toBe(200);
    await samlSignIn(s, ['gh-admins']);
    expect(await roleOf(s, dave)).toBe('billing');
  });

  it('never demotes an owner: a member made owner keeps it whatever the IdP sends', async () => {
    const s = await setup();
    await registerSaml(s, MAPPING);
    const dave = await samlSignIn(s, ['gh-admins']);
    const members = await s.t.json<{ members: { id: string; userId: string }[] }>(`/organization/list-members?organizationId=${s.organizationId}`, {
      jar: s.owner,
    });
    const memberId = members.data.members.find((m) => m.userId === dave)!.id;
    const promote = await s.t.json('/organization/update-member-role', { jar: s.owner, body: { memberId, role: 'owner', organizationId: s.organizationId } });
    expect(promote.status).toBe(200);
    await samlSignIn(s, []);
    expect(await roleOf(s, dave)).toBe('owner');
  });

  it('a custom role deleted since is left out at sign-in (the default role instead)', async () => {
    const s = await setup();
    await registerSaml(s, MAPPING);
    const del = await s.t.json('/organization/delete-role', { jar: s.owner, body: { organizationId: s.organizationId, roleName: 'billing' } });
    expect(del.status).toBe(200);
    const dave = await samlSignIn(s, ['finance']);
    expect(await roleOf(s, dave)).toBe('member');
  });

  const refusals: [string, unknown, string, boolean?][] = [
    ['a mapping that grants owner', { attribute: 'groups', rules: [{ value: 'root', role: 'owner' }] }, 'ROLE_MAPPING_OWNER'],
    ['a default role of owner', { ...MAPPING, defaultRole: 'owner' }, 'ROLE_MAPPING_OWNER'],
    ['a role the organization does not have', { attribute: 'groups', rules: [{ value: 'x', role: 'emperor' }] }, 'ROLE_MAPPING_UNKNOWN_ROLE'],
    ['a connection of no organization', MAPPING, 'ROLE_MAPPING_NEEDS_ORGANIZATION', true],
  ];
  for (const [what, mapping, code, noOrganization] of refusals) {
    it(`refuses ${what}: 400 ${code}, nothing stored`, async () => {
      const s = await setup();
      const res = await registerSaml(s, mapping, noOrganization ? null : s.organizationId);
      expect([res.status, res.data.code]).toEqual([400, code]);
      expect(await (await s.t.auth.context()).adapter.count('ssoProvider', [])).toBe(0);
    });
  }

  it('refuses a bad mapping on update too, leaving the connection as it was', async () => {
    const s = await setup();
    await registerSaml(s, MAPPING);
    const res = await s.t.json<{ code: string }>('/sso/update-provider', {
      jar: s.owner,
      body: { providerId: 'acme-saml', roleMapping: { attribute: 'groups', rules: [{ value: 'a', role: 'owner' }] } },
    });
    expect([res.status, res.data.code]).toEqual([400, 'ROLE_MAPPING_OWNER']);
    const got = await s.t.json<{ roleMapping: unknown }>('/sso/get-provider?providerId=acme-saml', { jar: s.owner });
    expect(got.data.roleMapping).toEqual(MAPPING);
  });

  it('OIDC: the groups claim gives the role', async () => {
    const s = await setup();
    const reg = await s.t.json('/sso/register', {
      jar: s.owner,
      body: {
        providerId: 'acme-oidc',
        issuer: op.issuer,
        domain: 'acme.test',
        organizationId: s.organizationId,
        roleMapping: MAPPING,
        oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret, pkce: true, scopes: ['openid', 'email', 'profile'] },
      },
    });
    expect(reg.status).toBe(200);
    const r = await s.t.json<{ url: string }>('/sign-in/sso', { body: { providerId: 'acme-oidc', callbackURL: '/dashboard' }, jar: browserOf(s.t) });
    const back = await op.authorize(r.data.url, 'carol');
    const jar = s.t.newJar();
    const res = await s.t.request(back, { jar: asBrowser(s.t, jar) });
    expect(res.headers.get('location')).toBe('/dashboard');
    const session = await s.t.json<{ user: { id: string } }>('/get-session', { jar });
    expect(await roleOf(s, session.data.user.id)).toBe('billing');
  });
});
