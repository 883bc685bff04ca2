import { beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../kit.js';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { ownerWithOrganization, postToAcs, setsSession, ssoOptions, startTxtServer, TestIdp, browserOf } from './test-kit.js';

/**
 * "Require SSO for this domain" (issue 38): once an organization verified acme.test and requires
 * SSO for it, its addresses sign in through its IdP only; a password, a magic link, an email code
 * or a sign-up is refused with 403 SSO_REQUIRED; owners keep their password (break-glass); a
 * domain nobody verified can never require it.
 */
const BASE = 'http://localhost:3000/api/auth';
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const ACS = `${BASE}/sso/saml2/sp/acs/acme`;
const PASSWORD = 'correct horse battery staple';

let idp: TestIdp;
beforeAll(() => {
  idp = new TestIdp();
});
const clients = useTestClients();

interface Setup {
  t: TestClient;
  mails: Mail[];
  owner: CookieJar;
  organizationId: string;
}

/** acme.test's owner (owner@acme.test, with a password), bob@acme.test (a password account made before), the SAML connection, its domain verified. */
async function setup(): Promise<Setup> {
  const records = new Map<string, string[][]>();
  const resolveTxt = async (name: string) => {
    const found = records.get(name);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  const { t, mails } = await clients.openWithMail(
    ssoOptions({ domainVerification: { resolveTxt } }, { emailOTP: { enabled: true }, magicLink: { enabled: true } }),
  );
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme', 'owner@acme.test');
  await t.signUp({ email: 'bob@acme.test', password: PASSWORD }, t.newJar());
  const reg = await t.json<{ domainVerificationToken: string; code?: string }>('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
    },
  });
  expect(reg.status).toBe(200);
  records.set('_better-auth-token-acme.acme.test', [[`_better-auth-token-acme=${reg.data.domainVerificationToken}`]]);
  return { t, mails, owner, organizationId };
}

async function verifyAndRequire(s: Setup): Promise<void> {
  expect((await s.t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: s.owner })).status).toBe(200);
  const on = await s.t.json<{ requireSso: boolean }>('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
  expect(on.status).toBe(200);
  expect(on.data.requireSso).toBe(true);
}

const signIn = (t: TestClient, email: string, password = PASSWORD) =>
  t.json<{ code?: string; message?: string }>('/sign-in/email', { body: { email, password }, jar: t.newJar() });

describe('require SSO for a verified domain', () => {
  it('cannot be asked at register, nor before the domain is verified (an unproven domain locks out nobody)', async () => {
    const s = await setup();
    const early = await s.t.json<{ code: string }>('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
    expect([early.status, early.data.code]).toEqual([400, 'REQUIRE_SSO_NEEDS_VERIFIED_DOMAIN']);
    const atRegister = await s.t.json<{ code: string }>('/sso/register', {
      jar: s.owner,
      body: {
        providerId: 'gmail',
        issuer: 'https://idp.test.example',
        domain: 'gmail.test',
        organizationId: s.organizationId,
        requireSso: true,
        samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID } },
      },
    });
    expect([atRegister.status, atRegister.data.code]).toEqual([400, 'REQUIRE_SSO_NEEDS_VERIFIED_DOMAIN']);
    expect((await signIn(s.t, 'bob@acme.test')).status).toBe(200);
  });

  it("refuses bob's right password with 403 SSO_REQUIRED and no session; a wrong one answers as for an address nobody has", async () => {
    const s = await setup();
    await verifyAndRequire(s);
    const right = await signIn(s.t, 'bob@acme.test');
    expect([right.status, right.data.code, right.data.message]).toEqual([403, 'SSO_REQUIRED', 'Your organization signs you in with single sign-on']);
    expect(setsSession(right.response)).toBe(false);
    const wrong = await signIn(s.t, 'bob@acme.test', 'not the password');
    const nobody = await signIn(s.t, 'nobody@acme.test', 'not the password');
    expect([wrong.status, wrong.data]).toEqual([nobody.status, nobody.data]);
    expect(wrong.status).toBe(401);
    // Another domain's address is untouched.
    await s.t.signUp({ email: 'x@other.test', password: PASSWORD }, s.t.newJar());
    expect((await signIn(s.t, 'x@other.test')).status).toBe(200);
  });

  it('refuses sign-up, a magic link and an email code for any address of the domain, account or not, sending nothing', async () => {
    const s = await setup();
    await verifyAndRequire(s);
    const before = s.mails.length;
    const users = await (await s.t.auth.context()).adapter.count('user', []);
    const calls: [string, Record<string, unknown>][] = [
      ['/sign-up/email', { email: 'new@acme.test', password: PASSWORD, name: 'New' }],
      ['/sign-up/email', { email: 'new@eu.acme.test', password: PASSWORD, name: 'New' }],
      ['/sign-in/magic-link', { email: 'bob@acme.test' }],
      ['/sign-in/magic-link', { email: 'nobody@acme.test' }],
      ['/email-otp/send-verification-otp', { email: 'bob@acme.test', type: 'sign-in' }],
      ['/email-otp/send-verification-otp', { email: 'nobody@acme.test', type: 'sign-in' }],
      ['/sign-in/email-otp', { email: 'bob@acme.test', otp: '000000' }],
    ];
    for (const [path, body] of calls) {
      const res = await s.t.json<{ code: string }>(path, { body, jar: null });
      expect([path, body.email, res.status, res.data.code]).toEqual([path, body.email, 403, 'SSO_REQUIRED']);
    }
    expect(s.mails.length).toBe(before);
    expect(await (await s.t.auth.context()).adapter.count('user', [])).toBe(users);
    // Other domains are untouched.
    expect((await s.t.json('/sign-in/magic-link', { body: { email: 'someone@other.test' }, jar: null })).status).toBe(200);
  });

  it("break-glass: the organization's owner keeps the password; the IdP still signs people in", async () => {
    const s = await setup();
    await verifyAndRequire(s);
    const owner = await signIn(s.t, 'owner@acme.test', 'correct horse battery');
    expect(owner.status).toBe(200);
    expect(setsSession(owner.response)).toBe(true);

    const r = await s.t.json<{ url: string }>('/sign-in/sso', { body: { email: 'carol@acme.test', callbackURL: '/dashboard' }, jar: browserOf(s.t) });
    const req = TestIdp.authnRequest(r.data.url);
    const res = await postToAcs(s.t, 'acme', {
      SAMLResponse: idp.response({ nameID: 'carol@acme.test', inResponseTo: req.id, acs: ACS, audience: SP_ENTITY }),
      RelayState: req.relayState,
    });
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(setsSession(res)).toBe(true);
  });

  it('a member who is not the owner gets no break-glass; turning it off or changing the domain lets passwords in again', async () => {
    const s = await setup();
    await verifyAndRequire(s);
    expect((await signIn(s.t, 'bob@acme.test')).status).toBe(403);
    const off = await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: false } });
    expect(off.status).toBe(200);
    expect((await signIn(s.t, 'bob@acme.test')).status).toBe(200);
    await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
    const moved = await s.t.json<{ requireSso: boolean; domainVerified: boolean }>('/sso/update-provider', {
      jar: s.owner,
      body: { providerId: 'acme', domain: 'acme2.test' },
    });
    expect(moved.data).toMatchObject({ requireSso: false, domainVerified: false });
    expect((await signIn(s.t, 'bob@acme.test')).status).toBe(200);
  });

  it('records each refusal in the audit trail', async () => {
    const s = await setup();
    await verifyAndRequire(s);
    await signIn(s.t, 'bob@acme.test');
    await s.t.json('/sign-in/magic-link', { body: { email: 'nobody@acme.test' }, jar: null });
    const rows = await (await s.t.auth.context()).adapter.findMany('auditEvent', { where: [{ field: 'type', value: 'sso.sign-in.refused' }] });
    expect(rows.length).toBe(2);
  });
});

describe('email-first: POST /sso/domain-lookup', () => {
  const lookup = (t: TestClient, email: string) => t.json<{ sso: boolean; required: boolean }>('/sso/domain-lookup', { body: { email }, jar: null });

  it('says whether the domain signs in with SSO (verified only) and whether it requires it; the same for an account and for nobody', async () => {
    const s = await setup();
    expect((await lookup(s.t, 'bob@acme.test')).data).toEqual({ sso: false, required: false });
    expect((await s.t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: s.owner })).status).toBe(200);
    expect((await lookup(s.t, 'bob@acme.test')).data).toEqual({ sso: true, required: false });
    await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
    const bob = await lookup(s.t, 'Bob@ACME.test');
    const nobody = await lookup(s.t, 'nobody@acme.test');
    expect(bob.status).toBe(200);
    expect(bob.data).toEqual({ sso: true, required: true });
    expect(nobody.data).toEqual(bob.data);
    for (const other of ['x@other.test', 'not-an-address', '@acme.test', 'bob@'])
      expect((await lookup(s.t, other)).data).toEqual({ sso: false, required: false });
  });
});

describe('domainVerification.nameservers', () => {
  it('asks the given DNS server for the TXT record (a JSON config can name one); a bad list is refused at start', async () => {
    const dns = await startTxtServer();
    try {
      const t = await clients.open(ssoOptions({ domainVerification: { nameservers: [dns.address] } }));
      const owner = t.newJar();
      const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
      const reg = await t.json<{ domainVerificationToken: string }>('/sso/register', {
        jar: owner,
        body: {
          providerId: 'acme',
          issuer: 'https://idp.test.example',
          domain: 'acme.test',
          organizationId,
          samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID } },
        },
      });
      const early = await t.json<{ code: string }>('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner });
      expect([early.status, early.data.code]).toEqual([400, 'DOMAIN_VERIFICATION_FAILED']);
      dns.records.set('_better-auth-token-acme.acme.test', [`_better-auth-token-acme=${reg.data.domainVerificationToken}`]);
      expect((await t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner })).status).toBe(200);
    } finally {
      await dns.close();
    }
    await expect(clients.open(ssoOptions({ domainVerification: { nameservers: ['not a server'] } }))).rejects.toThrow(/nameservers/);
  });
});
