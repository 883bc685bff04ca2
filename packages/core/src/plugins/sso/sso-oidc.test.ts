import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenIdProvider, startOpenIdProvider } from '../../../../../tests/kit/openid-provider.js';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { errorOf, ownerWithOrganization, setsSession, ssoOptions, browserOf, asBrowser } from './test-kit.js';

/**
 * An organization's OpenID Connect connection against a real OpenID provider (oidc-provider 9)
 * on loopback: discovery, PKCE (S256), state and nonce, the ID token, JIT into the organization.
 */
const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/callback/acme-oidc';
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alice: { sub: 'alice', email: 'Alice@Acme.test', email_verified: true, name: 'Alice Oidc' },
  victim: { sub: 'victim', email: 'victim@acme.test', email_verified: true, name: 'Victim' },
};

let op: OpenIdProvider;
beforeAll(async () => {
  op = await startOpenIdProvider({ redirectURI: REDIRECT_URI, accounts: ACCOUNTS });
});
afterAll(() => op?.close());
const clients = useTestClients();

async function setup(
  trusted = true,
): Promise<{ t: TestClient; owner: CookieJar; organizationId: string; register: () => Promise<{ status: number; data: Record<string, unknown> }> }> {
  const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }, trusted ? { trustedOrigins: [op.issuer] } : {}));
  // The OP signs with the real time; the auth's clock must agree to verify its ID tokens.
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  const register = () =>
    t.json<Record<string, unknown>>('/sso/register', {
      jar: owner,
      body: {
        providerId: 'acme-oidc',
        issuer: op.issuer,
        domain: 'acme.test',
        organizationId,
        oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret, pkce: true },
      },
    });
  return { t, owner, organizationId, register };
}

/** Follows the OP's redirects as a browser, logging in as `account`; answers the redirect back to Gatehouse. */
const authorize = (authorizationURL: string, account: string) => op.authorize(authorizationURL, account);

async function start(t: TestClient, body: Record<string, unknown> = {}) {
  const r = await t.json<{ url: string; redirect: boolean }>('/sign-in/sso', {
    body: { email: 'alice@acme.test', callbackURL: '/dashboard', errorCallbackURL: '/sign-in', ...body },
    jar: browserOf(t),
  });
  expect(r.status).toBe(200);
  return r.data;
}

describe('OIDC connection', () => {
  it('registers with endpoints discovered from the issuer; the answer has no client secret', async () => {
    const { register } = await setup();
    const res = await register();
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      providerId: 'acme-oidc',
      issuer: op.issuer,
      redirectURI: REDIRECT_URI,
      oidcConfig: { authorizationEndpoint: `${op.issuer}/auth`, tokenEndpoint: `${op.issuer}/token`, jwksEndpoint: `${op.issuer}/jwks`, pkce: true },
    });
    expect(JSON.stringify(res.data)).not.toContain(op.clientSecret);
    expect(JSON.stringify(res.data)).not.toContain('clientSecret');
  });

  it('refuses an IdP on loopback whose origin is not trusted (SSRF)', async () => {
    const { register } = await setup(false);
    const res = await register();
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'ISSUER_NOT_ALLOWED' });
  });

  it('signs in: PKCE S256, state, nonce; JIT user member of the organization; the callback URL again signs no one in', async () => {
    const { t, owner, organizationId, register } = await setup();
    await register();
    const { url, redirect } = await start(t);
    expect(redirect).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(op.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();

    const back = await authorize(url, 'alice');
    expect(back.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const jar = t.newJar();
    const res = await t.request(back, { jar: asBrowser(t, jar) });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const s = await t.json<{ user: { id: string; email: string; name: string; emailVerified: boolean } }>('/get-session', { jar });
    expect(s.data.user).toMatchObject({ email: 'alice@acme.test', name: 'Alice Oidc', emailVerified: false });
    const members = await t.json<{ members: { userId: string; role: string }[] }>(`/organization/list-members?organizationId=${organizationId}`, {
      jar: owner,
    });
    expect(members.data.members.find((m) => m.userId === s.data.user.id)?.role).toBe('member');

    const other = t.newJar();
    const replay = await t.request(back, { jar: other });
    expect(replay.status).toBe(302);
    expect(setsSession(replay)).toBe(false);
    expect((await t.json('/get-session', { jar: other })).data).toBeNull();

    // The same sub again: the same user.
    const jar2 = t.newJar();
    await t.request(await authorize((await start(t)).url, 'alice'), { jar: asBrowser(t, jar2) });
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: jar2 })).data.user.id).toBe(s.data.user.id);
  });

  it('trustEmailVerified takes the IdP at its word for email_verified', async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false }, trustEmailVerified: true }, { trustedOrigins: [op.issuer] }));
    t.clock.ms = Date.now();
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', {
      jar: owner,
      body: {
        providerId: 'acme-oidc',
        issuer: op.issuer,
        domain: 'acme.test',
        organizationId,
        oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret },
      },
    });
    const jar = t.newJar();
    await t.request(await authorize((await start(t)).url, 'alice'), { jar: asBrowser(t, jar) });
    expect((await t.json<{ user: { emailVerified: boolean } }>('/get-session', { jar })).data.user.emailVerified).toBe(true);
  });

  it('an existing password user of that email is not linked: account_not_linked, no session', async () => {
    const { t, register } = await setup();
    await register();
    await t.signUp({ email: 'victim@acme.test' }, t.newJar());
    const res = await t.request(await authorize((await start(t, { email: 'victim@acme.test' })).url, 'victim'), { jar: asBrowser(t, t.newJar()) });
    expect(res.headers.get('location')).toBe('/dashboard?error=account_not_linked');
    expect(setsSession(res)).toBe(false);
  });

  it("a person the organization's own SCIM directory provisioned is linked on their first SSO sign-in: one user, not two", async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }, { trustedOrigins: [op.issuer], scim: { enabled: true } }));
    t.clock.ms = Date.now();
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    const registered = await t.json('/sso/register', {
      jar: owner,
      body: {
        providerId: 'acme-oidc',
        issuer: op.issuer,
        domain: 'acme.test',
        organizationId,
        oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret, pkce: true },
      },
    });
    expect(registered.status).toBe(200);
    const token = await t.json<{ scimToken: string }>('/scim/generate-token', { jar: owner, body: { providerId: 'okta', organizationId } });
    expect(token.status).toBe(201);
    const provisioned = await t.request('/scim/v2/Users', {
      jar: null,
      headers: { authorization: `Bearer ${token.data.scimToken}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'victim@acme.test',
        name: { givenName: 'Vic', familyName: 'Tim' },
      }),
    });
    expect(provisioned.status).toBe(201);
    const jar = t.newJar();
    const res = await t.request(await authorize((await start(t, { email: 'victim@acme.test' })).url, 'victim'), { jar: asBrowser(t, jar) });
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(setsSession(res)).toBe(true);
    const ctx = await t.auth.context();
    const users = await ctx.adapter.findMany<{ id: string }>('user', { where: [{ field: 'email', value: 'victim@acme.test' }] });
    expect(users).toHaveLength(1);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar })).data.user.id).toBe(users[0]!.id);
    // Linked from now on: a second sign-in finds the same user through the provider's account.
    const again = t.newJar();
    await t.request(await authorize((await start(t, { email: 'victim@acme.test' })).url, 'victim'), { jar: asBrowser(t, again) });
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: again })).data.user.id).toBe(users[0]!.id);
  });

  it("a person another organization's directory provisioned stays unlinked: account_not_linked", async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }, { trustedOrigins: [op.issuer], scim: { enabled: true } }));
    t.clock.ms = Date.now();
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', {
      jar: owner,
      body: {
        providerId: 'acme-oidc',
        issuer: op.issuer,
        domain: 'acme.test',
        organizationId,
        oidcConfig: { clientId: op.clientId, clientSecret: op.clientSecret, pkce: true },
      },
    });
    const other = t.newJar();
    const { organizationId: otherOrg } = await ownerWithOrganization(t, other, 'rival');
    const token = await t.json<{ scimToken: string }>('/scim/generate-token', { jar: other, body: { providerId: 'okta', organizationId: otherOrg } });
    await t.request('/scim/v2/Users', {
      jar: null,
      headers: { authorization: `Bearer ${token.data.scimToken}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'victim@acme.test' }),
    });
    const res = await t.request(await authorize((await start(t, { email: 'victim@acme.test' })).url, 'victim'), { jar: asBrowser(t, t.newJar()) });
    expect(res.headers.get('location')).toBe('/dashboard?error=account_not_linked');
    expect(setsSession(res)).toBe(false);
  });

  it('a tampered state or code never signs in', async () => {
    const { t, register } = await setup();
    await register();
    const back = new URL(await authorize((await start(t)).url, 'alice'));
    const forged = new URL(back);
    forged.searchParams.set('state', 'A'.repeat(32));
    let res = await t.request(forged.toString(), { jar: t.newJar() });
    expect(errorOf(res)).toBe('invalid_state');
    const badCode = new URL(back);
    badCode.searchParams.set('code', 'not-a-code');
    res = await t.request(badCode.toString(), { jar: asBrowser(t, t.newJar()) });
    expect(res.headers.get('location')).toBe('/sign-in?error=token_exchange_failed');
    expect(setsSession(res)).toBe(false);
    // A state made for the social flow is not accepted here, nor an SSO state at another provider's callback.
    res = await t.request(`http://localhost:3000/api/auth/sso/callback/other?state=${back.searchParams.get('state')}&code=x`, { jar: t.newJar() });
    expect(setsSession(res)).toBe(false);
  });
});
