import { beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { browserOf, errorOf, ownerWithOrganization, postToAcs, setsSession, ssoOptions, TestIdp } from './test-kit.js';
import type { SSOOptions } from './config.js';

/**
 * Issue 38, the rules around SSO sessions, over HTTP against the test IdP: a sign-in finishes only
 * in the browser that started it; an existing account at the organization's verified domain is
 * linked at its first SSO sign-in (and only then); turning "require SSO" on ends the sessions SSO
 * did not open (owners keep theirs).
 */
const BASE = 'http://localhost:3000/api/auth';
const ACS = `${BASE}/sso/saml2/sp/acs/acme`;
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const PASSWORD = 'correct horse battery staple';

let idp: TestIdp;
beforeAll(() => {
  idp = new TestIdp();
});
const clients = useTestClients();

interface Setup {
  t: TestClient;
  owner: CookieJar;
  organizationId: string;
  verify(): Promise<void>;
}

/** acme.test's owner (owner@acme.test, a password), the SAML connection of its organization; `verify()` proves the domain (TXT). */
async function setup(sso: SSOOptions = {}, domain = 'acme.test'): Promise<Setup> {
  const records = new Map<string, string[][]>();
  const resolveTxt = async (name: string) => {
    const found = records.get(name);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  const t = await clients.open(ssoOptions({ domainVerification: { resolveTxt }, ...sso }));
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme', 'owner@acme.test');
  const reg = await t.json<{ domainVerificationToken: string }>('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme',
      issuer: 'https://idp.test.example',
      domain,
      organizationId,
      samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
    },
  });
  expect(reg.status).toBe(200);
  records.set(`_better-auth-token-acme.${domain}`, [[`_better-auth-token-acme=${reg.data.domainVerificationToken}`]]);
  const verify = async () => {
    expect((await t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner })).status).toBe(200);
  };
  return { t, owner, organizationId, verify };
}

/** One SSO sign-in of `email` started in `browser`, the IdP's answer posted from `postFrom` (default: the same browser). */
async function ssoSignIn(t: TestClient, email: string, o: { browser?: CookieJar; foreign?: boolean; cookieless?: boolean; emailVerified?: boolean } = {}) {
  const browser = o.browser ?? browserOf(t);
  const r = await t.json<{ url: string }>('/sign-in/sso', {
    body: { providerId: 'acme', callbackURL: '/dashboard', errorCallbackURL: '/sign-in' },
    jar: browser,
  });
  expect(r.status).toBe(200);
  const { id, relayState } = TestIdp.authnRequest(r.data.url);
  const attributes: Record<string, string> = { email };
  if (o.emailVerified) attributes.emailVerified = 'true';
  const SAMLResponse = idp.response({ inResponseTo: id, acs: ACS, audience: SP_ENTITY, nameID: email, attributes });
  if (o.foreign) {
    // Another browser that is signing in too (its own flow cookie): the victim of a login CSRF.
    const victim = t.newJar();
    await t.json('/sign-in/sso', { body: { providerId: 'acme', callbackURL: '/dashboard', errorCallbackURL: '/sign-in' }, jar: victim });
    return postToAcs(t, 'acme', { SAMLResponse, RelayState: relayState }, victim, false);
  }
  if (o.cookieless) return postToAcs(t, 'acme', { SAMLResponse, RelayState: relayState }, t.newJar(), false);
  return postToAcs(t, 'acme', { SAMLResponse, RelayState: relayState }, browser);
}

const sessionUser = async (t: TestClient, jar: CookieJar) =>
  (await t.json<{ user?: { id: string; emailVerified: boolean } } | null>('/get-session', { jar })).data?.user;

const auditOf = async (t: TestClient, type: string) =>
  (await (await t.auth.context()).adapter.findMany<{ details: unknown }>('auditEvent', { where: [{ field: 'type', value: type }] })).map((r) =>
    typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  );

describe('the flow is bound to the browser that started it', () => {
  it('an IdP answer posted in another browser is refused (invalid_state, "started in another browser"), no session', async () => {
    const { t } = await setup({ domainVerification: { enabled: false } });
    const res = await ssoSignIn(t, 'alice@acme.test', { foreign: true });
    expect(res.status).toBe(302);
    expect(errorOf(res)).toBe('invalid_state');
    expect(new URL(res.headers.get('location') as string, 'http://x').searchParams.get('error_description')).toBe('the sign-in was started in another browser');
    expect(setsSession(res)).toBe(false);
    // In the browser that started it, the same kind of answer signs in.
    const ok = await ssoSignIn(t, 'alice@acme.test');
    expect(ok.headers.get('location')).toBe('/dashboard');
    expect(setsSession(ok)).toBe(true);
  });

  it('a client with no cookies at all is not refused (CONTRACT.md: the ACS needs none); its RelayState stays single use', async () => {
    const { t } = await setup({ domainVerification: { enabled: false } });
    const res = await ssoSignIn(t, 'alice@acme.test', { cookieless: true });
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(setsSession(res)).toBe(true);
  });

  it('the flow cookie is HttpOnly, SameSite=None and Secure (the ACS is a cross-site POST from the IdP page)', async () => {
    const { t } = await setup({ domainVerification: { enabled: false } });
    const r = await t.request('/sign-in/sso', {
      method: 'POST',
      body: JSON.stringify({ providerId: 'acme', callbackURL: '/dashboard' }),
      headers: { 'content-type': 'application/json' },
      jar: t.newJar(),
    });
    const cookie = r.headers.getSetCookie().find((c) => c.includes('sso_flow='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/SameSite=None/);
  });
});

describe('linking an existing account at the verified domain', () => {
  it('links and signs in when the domain is verified, the address is of it and the IdP is trusted for email verification; an unproven account is adopted', async () => {
    const s = await setup({ trustEmailVerified: true });
    await s.verify();
    const before = (await s.t.signUp({ email: 'bob@acme.test', password: PASSWORD }, s.t.newJar())).data as { user: { id: string } };
    const squatter = s.t.newJar();
    expect((await s.t.json('/sign-in/email', { body: { email: 'bob@acme.test', password: PASSWORD }, jar: squatter })).status).toBe(200);
    const jar = browserOf(s.t);
    const res = await ssoSignIn(s.t, 'bob@acme.test', { emailVerified: true, browser: jar });
    expect(res.headers.get('location')).toBe('/dashboard');
    const user = await sessionUser(s.t, jar);
    expect(user).toMatchObject({ id: before.user.id, emailVerified: true });
    // The address was unproven: whoever set the account up meanwhile loses it (sessions, password).
    expect(await sessionUser(s.t, squatter)).toBeUndefined();
    expect((await s.t.json('/sign-in/email', { body: { email: 'bob@acme.test', password: PASSWORD }, jar: s.t.newJar() })).status).toBe(401);
    expect(await auditOf(s.t, 'sso.account.linked')).toEqual([expect.objectContaining({ providerId: 'acme', adopted: true })]);
    // From now on the same NameID is the same user.
    const again = s.t.newJar();
    expect((await ssoSignIn(s.t, 'bob@acme.test', { browser: again })).headers.get('location')).toBe('/dashboard');
    expect((await sessionUser(s.t, again))?.id).toBe(before.user.id);
  });

  it('stays account_not_linked: domain not verified, IdP not trusted for email verification, or an address of another domain', async () => {
    const unverified = await setup({ trustEmailVerified: true, domainVerification: { enabled: true } });
    await unverified.t.signUp({ email: 'bob@acme.test', password: PASSWORD }, unverified.t.newJar());
    // An unverified domain may assert nothing at all.
    expect(errorOf(await ssoSignIn(unverified.t, 'bob@acme.test', { emailVerified: true }))).toBe('email_domain_not_allowed');

    const untrusted = await setup();
    await untrusted.verify();
    await untrusted.t.signUp({ email: 'bob@acme.test', password: PASSWORD }, untrusted.t.newJar());
    expect(errorOf(await ssoSignIn(untrusted.t, 'bob@acme.test', { emailVerified: true }))).toBe('account_not_linked');

    const unsaid = await setup({ trustEmailVerified: true });
    await unsaid.verify();
    await unsaid.t.signUp({ email: 'bob@acme.test', password: PASSWORD }, unsaid.t.newJar());
    expect(errorOf(await ssoSignIn(unsaid.t, 'bob@acme.test'))).toBe('account_not_linked');

    const other = await setup({ trustEmailVerified: true });
    await other.verify();
    expect((await other.t.json('/sso/update-provider', { jar: other.owner, body: { providerId: 'acme', allowAnyEmailDomain: true } })).status).toBe(200);
    await other.t.signUp({ email: 'carol@other.test', password: PASSWORD }, other.t.newJar());
    expect(errorOf(await ssoSignIn(other.t, 'carol@other.test', { emailVerified: true }))).toBe('account_not_linked');
    const accounts = await (await other.t.auth.context()).adapter.findMany('account', { where: [{ field: 'providerId', value: 'acme' }] });
    expect(accounts).toEqual([]);
  });
});

describe('turning require-SSO on', () => {
  it('ends the members’ sessions at the domain that SSO did not open; owners and SSO sessions stay; audited', async () => {
    const s = await setup();
    await s.verify();
    // dave@acme.test: a member with a password session, and an SSO session; erin@other.test: a member outside the domain.
    const dave = s.t.newJar();
    await s.t.signUp({ email: 'dave@acme.test', password: PASSWORD }, dave);
    const erin = s.t.newJar();
    await s.t.signUp({ email: 'erin@other.test', password: PASSWORD }, erin);
    const ctx = await s.t.auth.context();
    for (const email of ['dave@acme.test', 'erin@other.test']) {
      const u = await ctx.adapter.findOne<{ id: string }>('user', [{ field: 'email', value: email }]);
      await ctx.adapter.create('member', { organizationId: s.organizationId, userId: u?.id, role: 'member', createdAt: new Date() });
    }
    const viaSso = s.t.newJar();
    await ssoSignIn(s.t, 'frank@acme.test', { browser: viaSso });

    const on = await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
    expect(on.status).toBe(200);
    expect(await sessionUser(s.t, dave)).toBeUndefined();
    expect(await sessionUser(s.t, erin)).toBeDefined();
    expect(await sessionUser(s.t, viaSso)).toBeDefined();
    expect(await sessionUser(s.t, s.owner)).toBeDefined();
    expect(await auditOf(s.t, 'sso.sessions.revoked')).toEqual([
      expect.objectContaining({ providerId: 'acme', organizationId: s.organizationId, users: 1, sessions: 1, reason: 'require-sso' }),
    ]);
    // Turning it on again (already on) ends nothing more.
    await s.t.json('/sso/update-provider', { jar: s.owner, body: { providerId: 'acme', requireSso: true } });
    expect(await auditOf(s.t, 'sso.sessions.revoked')).toHaveLength(1);
  });
});
