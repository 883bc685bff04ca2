import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenIdProvider, startOpenIdProvider } from '../../../../tests/kit/openid-provider.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, type CookieJar, type TestClient } from '../test/harness.js';

/**
 * The whole redirect flow against a real OpenID provider (oidc-provider 9) on
 * loopback, configured as "google" through the endpoint overrides; its login form
 * is posted over HTTP as a browser would.
 */
const REDIRECT_URI = 'http://localhost:3000/api/auth/callback/google';

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alice: { sub: 'alice', email: 'alice@oidc.example', email_verified: true, name: 'Alice Oidc', picture: 'https://oidc.example/alice.png' },
  bob: { sub: 'bob', email: 'bob@oidc.example', email_verified: true, name: 'Bob Oidc' },
};

let op: OpenIdProvider;
let issuer: string;
let t: TestClient;

beforeAll(async () => {
  op = await startOpenIdProvider({ redirectURI: REDIRECT_URI, accounts: ACCOUNTS });
  issuer = op.issuer;
});
afterAll(() => op?.close());
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  t = await clients.open({ ...options, socialProviders: { google: op.googleOptions({ scope: ['offline_access'] }) } });
  // The OP signs with the real time; the auth's clock must agree to verify its ID tokens.
  t.clock.ms = Date.now();
  return t;
}

/** Follows the OP's redirects like a browser, logging in as `account`; answers the redirect back to Gatehouse. */
const authorize = (authorizationURL: string, account: string) => op.authorize(authorizationURL, account);

async function startSignIn(body: Record<string, unknown> = {}, jar?: CookieJar, path = '/sign-in/social') {
  const r = await t.json<{ url: string }>(path, { body: { provider: 'google', callbackURL: '/dashboard', ...body }, jar });
  expect(r.status).toBe(200);
  return r.data.url;
}

describe('against a real OpenID provider', () => {
  it('signs up, then signs in; PKCE, state and the ID token all check out', async () => {
    await setup();
    const authURL = await startSignIn({ newUserCallbackURL: '/welcome' });
    expect(new URL(authURL).searchParams.get('code_challenge_method')).toBe('S256');
    const back = await authorize(authURL, 'alice');
    expect(back.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const res = await t.request(back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/welcome');
    const s1 = await t.json<{ user: Record<string, unknown> }>('/get-session');
    expect(s1.data.user).toMatchObject({ email: 'alice@oidc.example', name: 'Alice Oidc', emailVerified: true, image: 'https://oidc.example/alice.png' });

    const jar = t.newJar();
    const again = await t.request(await authorize(await startSignIn({ newUserCallbackURL: '/welcome' }, jar), 'alice'), { jar });
    expect(again.headers.get('location')).toBe('/dashboard');
    const s2 = await t.json<{ user: { id: string } }>('/get-session', { jar });
    expect(s2.data.user.id).toBe((s1.data.user as { id: string }).id);
    const accounts = await t.json<{ providerId: string; accountId: string; scopes: string[] }[]>('/list-accounts');
    expect(accounts.data).toEqual([expect.objectContaining({ providerId: 'google', provider: 'google', accountId: 'alice' })]);
    expect(accounts.data[0]!.scopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']));
  });

  it('refreshes the provider access token with the real refresh grant', async () => {
    await setup();
    await t.request(await authorize(await startSignIn(), 'alice'));
    const first = await t.json<{ accessToken: string; idToken: string }>('/get-access-token', { body: { providerId: 'google' } });
    expect(first.status).toBe(200);
    expect(first.data.accessToken).toBeTruthy();
    expect(first.data.idToken.split('.')).toHaveLength(3);
    const refreshed = await t.json<{ accessToken: string; accessTokenExpiresAt: string }>('/refresh-token', { body: { providerId: 'google' } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.data.accessToken).not.toBe(first.data.accessToken);
    // The new access token works at the provider's user-info endpoint.
    const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${refreshed.data.accessToken}` } });
    expect(((await me.json()) as { sub: string }).sub).toBe('alice');
  });

  it('links the provider account to a signed-in password user; a different email is refused', async () => {
    await setup();
    await t.signUp({ email: 'alice@oidc.example' });
    const linkURL = await startSignIn({ callbackURL: '/settings' }, undefined, '/link-social');
    const res = await t.request(await authorize(linkURL, 'alice'));
    expect(res.headers.get('location')).toBe('/settings');
    const providersLinked = (await t.json<{ providerId: string }[]>('/list-accounts')).data.map((a) => a.providerId).sort();
    expect(providersLinked).toEqual(['credential', 'google']);

    const jar = t.newJar();
    await t.signUp({ email: 'carol@example.com' }, jar);
    const other = await t.request(await authorize(await startSignIn({ callbackURL: '/settings' }, jar, '/link-social'), 'bob'), { jar });
    expect(new URL(other.headers.get('location')!).searchParams.get('error')).toBe("email_doesn't_match");
  });

  it('a tampered state or an expired one never signs in', async () => {
    await setup();
    const back = new URL(await authorize(await startSignIn({ errorCallbackURL: '/sign-in' }), 'alice'));
    const state = back.searchParams.get('state')!;
    back.searchParams.set('state', `${state.slice(0, 31)}${state[31] === 'x' ? 'y' : 'x'}`);
    let res = await t.request(back.toString());
    expect(res.headers.get('location')).toBe('http://localhost:3000/api/auth/error?error=please_restart_the_process');
    expect((await t.json('/get-session')).data).toBeNull();

    const late = await authorize(await startSignIn({ errorCallbackURL: '/sign-in' }), 'alice');
    t.clock.advance(601);
    res = await t.request(late);
    expect(res.headers.get('location')).toBe('/sign-in?error=please_restart_the_process');
    expect((await t.json('/get-session')).data).toBeNull();
  });
});
