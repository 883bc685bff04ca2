import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIError } from '../errors.js';
import type { SocialProviderOptions } from '../options.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, silentLogger, type TestClient } from '../test/harness.js';
import { makeKeys, signIdToken, type SigningKeys, type StandIn, startStandIn } from './test-kit.js';

/**
 * The redirect flow's every outcome, linking and unlinking, provider access
 * tokens and ID-token sign-in, against loopback stand-ins (GitHub-shaped for
 * the user-info path, Google-shaped for ID tokens).
 */
const CLIENT_ID = 'flow-client';
const CLIENT_SECRET = 'flow-secret';
const ERROR_PAGE = 'http://localhost:3000/api/auth/error';

let s: StandIn;
let keys: SigningKeys;
let t: TestClient;

/** What the GitHub stand-in answers; tests change it. */
const gh = {
  profile: {} as Record<string, unknown>,
  emails: [] as { email: string; verified: boolean; primary: boolean }[],
  tokenStatus: 200,
  access: 'gh-access-1',
};

function setGithub(id: number, email: string | null, verified = true) {
  gh.profile = { id, login: `user${id}`, name: `User ${id}`, email: null, avatar_url: `https://avatars.example/${id}` };
  gh.emails = email ? [{ email, verified, primary: true }] : [];
}

beforeAll(async () => {
  s = await startStandIn();
  keys = await makeKeys('flow-key');
  s.on('POST', '/github/token', () =>
    gh.tokenStatus === 200
      ? { json: { access_token: gh.access, token_type: 'bearer', scope: 'read:user,user:email', expires_in: 28800, refresh_token: 'gh-refresh-1' } }
      : { status: gh.tokenStatus, json: { error: 'invalid_grant' } },
  );
  s.on('GET', '/github/user', () => ({ json: gh.profile }));
  s.on('GET', '/github/user/emails', () => ({ json: gh.emails }));
  s.on('GET', '/google/jwks', { json: keys.jwks });
});
afterAll(async () => s.close());
const clients = useTestClients();

function providers(extra: Record<string, SocialProviderOptions> = {}): GatehouseOptions['socialProviders'] {
  return {
    github: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorizationEndpoint: `${s.url}/github/authorize`,
      tokenEndpoint: `${s.url}/github/token`,
      userInfoEndpoint: `${s.url}/github/user`,
      ...extra.github,
    },
    google: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authorizationEndpoint: `${s.url}/google/authorize`,
      tokenEndpoint: `${s.url}/google/token`,
      jwksEndpoint: `${s.url}/google/jwks`,
      issuer: `${s.url}/google`,
      ...extra.google,
    },
  };
}

async function setup(options: GatehouseOptions = {}, extra: Record<string, SocialProviderOptions> = {}) {
  gh.tokenStatus = 200;
  t = await clients.open({ socialProviders: providers(extra), ...options });
  return t;
}

async function start(body: Record<string, unknown> = {}, path = '/sign-in/social') {
  const r = await t.json<{ url: string; redirect: boolean }>(path, { body: { provider: 'github', callbackURL: '/dashboard', ...body } });
  expect(r.status).toBe(200);
  return new URL(r.data.url).searchParams.get('state')!;
}

async function callback(params: Record<string, string>, id = 'github') {
  return t.request(`/callback/${id}?${new URLSearchParams(params)}`);
}

/** Runs the whole redirect flow; answers where the callback redirected. */
async function flow(body: Record<string, unknown> = {}, path = '/sign-in/social'): Promise<string> {
  const state = await start(body, path);
  const res = await callback({ code: 'c', state });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

function errorOf(location: string): string | null {
  return new URL(location, 'http://localhost:3000').searchParams.get('error');
}

async function session() {
  return (await t.json<{ user: Record<string, unknown> } | null>('/get-session')).data;
}

async function ctx() {
  return t.auth.context();
}

describe('starting the flow', () => {
  it('validates the request: callbackURL, provider, trusted redirect fields, scopes', async () => {
    await setup();
    let r = await t.json('/sign-in/social', { body: { provider: 'github' } });
    expect(r).toMatchObject({ status: 400, data: { code: 'CALLBACK_URL_REQUIRED', message: 'callbackURL is required' } });
    r = await t.json('/sign-in/social', { body: { provider: 'nope', callbackURL: '/' } });
    expect(r).toMatchObject({ status: 404, data: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' } });
    r = await t.json('/sign-in/social', { body: { provider: 'github', callbackURL: 'https://evil.example/x' } });
    expect(r).toMatchObject({ status: 403, data: { message: 'Invalid callbackURL' } });
    r = await t.json('/sign-in/social', { body: { provider: 'github', callbackURL: '/', newUserCallbackURL: 'https://evil.example' } });
    expect(r).toMatchObject({ status: 403, data: { message: 'Invalid newUserCallbackURL' } });
    r = await t.json('/sign-in/social', { body: { provider: 'github', callbackURL: '/', errorCallbackURL: '//evil.example' } });
    expect(r).toMatchObject({ status: 403, data: { message: 'Invalid errorCallbackURL' } });
    r = await t.json('/sign-in/social', { body: { provider: 'github', callbackURL: '/', scopes: ['repo&x=1 evil'] } });
    expect(r.status).toBe(400);
  });

  it('stores the state as a verification row valid 10 minutes, and answers {url, redirect}', async () => {
    await setup();
    const r = await t.json<{ url: string; redirect: boolean }>('/sign-in/social', {
      body: { provider: 'github', callbackURL: '/home', newUserCallbackURL: '/welcome', scopes: ['repo'], disableRedirect: true },
    });
    expect(r.data.redirect).toBe(false);
    const url = new URL(r.data.url);
    expect(url.searchParams.get('scope')).toBe('read:user user:email repo');
    const state = url.searchParams.get('state')!;
    const row = await (await ctx()).adapter.findOne<{ value: string; expiresAt: Date }>('verification', [
      { field: 'identifier', value: `oauth-state:${state}` },
    ]);
    const value = JSON.parse(row!.value);
    expect(value).toMatchObject({ callbackURL: '/home', newUserURL: '/welcome', errorURL: ERROR_PAGE, expiresAt: t.clock.ms + 600_000 });
    expect(value.codeVerifier).toHaveLength(128);
    expect(value.link).toBeUndefined();
    expect(row!.expiresAt.getTime()).toBe(t.clock.ms + 600_000);
  });

  it('/providers lists configured providers; one without a secret is warned about and not offered', async () => {
    const warnings: string[] = [];
    t = await clients.open({
      logger: { ...silentLogger, warn: (o: object | string) => void warnings.push(String(o)) },
      socialProviders: { ...providers(), discord: { clientId: 'x' } },
    });
    expect((await t.json<{ socialProviders: string[] }>('/providers')).data.socialProviders).toEqual(['github', 'google']);
    expect(warnings.some((w) => w.includes('discord'))).toBe(true);
    expect((await t.json('/sign-in/social', { body: { provider: 'discord', callbackURL: '/' } })).status).toBe(404);
  });
});

describe('the callback', () => {
  it('signs up (newUserCallbackURL), then signs in (callbackURL); tokens sealed at rest', async () => {
    await setup();
    setGithub(1, 'new@example.com');
    expect(await flow({ newUserCallbackURL: '/welcome' })).toBe('/welcome');
    expect((await session())!.user).toMatchObject({ email: 'new@example.com', emailVerified: true, name: 'User 1' });
    t.jar.cookies.clear();
    expect(await flow({ newUserCallbackURL: '/welcome' })).toBe('/dashboard');
    expect((await session())!.user).toMatchObject({ email: 'new@example.com' });
    const c = await ctx();
    expect(await c.adapter.count('user')).toBe(1);
    const account = await c.adapter.findOne<Record<string, string>>('account', [{ field: 'providerId', value: 'github' }]);
    expect(account!.accessToken).not.toBe(gh.access);
    expect(c.encrypter.decrypt(account!.accessToken!)).toBe(gh.access);
    expect(c.encrypter.decrypt(account!.refreshToken!)).toBe('gh-refresh-1');
    expect(account!.scope).toBe('read:user,user:email');
  });

  it('keeps tokens plain when account.encryptTokens is false', async () => {
    await setup({ account: { encryptTokens: false } });
    setGithub(2, 'plain@example.com');
    await flow();
    const account = await (await ctx()).adapter.findOne<Record<string, string>>('account', [{ field: 'providerId', value: 'github' }]);
    expect(account!.accessToken).toBe(gh.access);
  });

  it('malformed, missing, tampered, replayed and expired states', async () => {
    await setup();
    setGithub(3, 'state@example.com');
    let res = await t.request('/callback/github?state=a&state=b&code=c');
    expect(res.headers.get('location')).toBe(`${ERROR_PAGE}?error=invalid_callback_request`);
    res = await t.request('/callback/github', { method: 'POST', body: { code: 5, state: 'x' } });
    expect(res.headers.get('location')).toBe(`${ERROR_PAGE}?error=invalid_callback_request`);
    res = await t.request('/callback/github?code=c');
    expect(res.headers.get('location')).toBe(`${ERROR_PAGE}?error=state_not_found`);
    res = await callback({ code: 'c', state: 'x'.repeat(32) });
    expect(res.headers.get('location')).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);

    const state = await start({ errorCallbackURL: '/sign-in' });
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    expect((await callback({ code: 'c', state: tampered })).headers.get('location')).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);
    expect((await callback({ code: 'c', state })).headers.get('location')).toBe('/dashboard');
    // Read once: the same state again is gone.
    expect((await callback({ code: 'c', state })).headers.get('location')).toBe(`${ERROR_PAGE}?error=please_restart_the_process`);

    const late = await start({ errorCallbackURL: '/sign-in?from=social' });
    t.clock.advance(601);
    expect((await callback({ code: 'c', state: late })).headers.get('location')).toBe('/sign-in?from=social&error=please_restart_the_process');
    expect(await (await ctx()).adapter.count('verification', [{ field: 'identifier', value: late }])).toBe(0);
  });

  it('no_code, the provider error, oauth_provider_not_found', async () => {
    await setup();
    let state = await start({ errorCallbackURL: '/oops' });
    expect((await callback({ state })).headers.get('location')).toBe('/oops?error=no_code');
    state = await start({ errorCallbackURL: '/oops' });
    expect((await callback({ state, error: 'access_denied', error_description: 'The user denied' })).headers.get('location')).toBe(
      '/oops?error=access_denied&error_description=The+user+denied',
    );
    state = await start();
    expect(errorOf((await callback({ state, code: 'c' }, 'google')).headers.get('location')!)).toBe('oauth_provider_not_found');
    state = await start();
    expect(errorOf((await callback({ state, code: 'c' }, 'unknown')).headers.get('location')!)).toBe('oauth_provider_not_found');
  });

  it('unable_to_get_user_info when the code exchange or the profile call fails', async () => {
    await setup();
    setGithub(4, 'u@example.com');
    gh.tokenStatus = 400;
    expect(errorOf(await flow())).toBe('unable_to_get_user_info');
    gh.tokenStatus = 200;
    await t.auth.close();
    await setup({}, { github: { userInfoEndpoint: `${s.url}/github/missing` } });
    expect(errorOf(await flow())).toBe('unable_to_get_user_info');
  });

  it('email_not_found when the provider gives no email', async () => {
    await setup();
    setGithub(5, null);
    expect(errorOf(await flow())).toBe('email_not_found');
    expect(await (await ctx()).adapter.count('user')).toBe(0);
  });

  it('implicit linking: refused for an unverified email (account_not_linked), allowed when verified or trusted', async () => {
    await setup();
    await t.signUp({ email: 'same@example.com' }, t.newJar());
    setGithub(6, 'same@example.com', false);
    expect(errorOf(await flow())).toBe('account_not_linked');
    setGithub(6, 'same@example.com', true);
    expect(await flow()).toBe('/dashboard');
    const accounts = await t.json<{ providerId: string }[]>('/list-accounts');
    // The provider vouched for the email: the user is now verified, and the unverified account is
    // adopted: the password set before the address was proven is gone (pre-hijacking.test.ts).
    expect(accounts.data.map((a) => a.providerId).sort()).toEqual(['github']);
    expect((await session())!.user.emailVerified).toBe(true);
    await t.auth.close();

    await setup({ account: { accountLinking: { trustedProviders: ['github'] } } });
    await t.signUp({ email: 'trusted@example.com' }, t.newJar());
    setGithub(7, 'trusted@example.com', false);
    expect(await flow()).toBe('/dashboard');
    expect((await session())!.user.email).toBe('trusted@example.com');
  });

  it('account_already_linked when the user has another account of the same provider', async () => {
    await setup();
    setGithub(8, 'twice@example.com');
    await flow();
    t.jar.cookies.clear();
    setGithub(9, 'twice@example.com');
    expect(errorOf(await flow())).toBe('account_already_linked');
  });

  it('unable_to_link_account and unable_to_create_user when hooks refuse; the user is not left without its account', async () => {
    await setup({ databaseHooks: { account: { create: { before: (d) => (d.providerId === 'github' ? false : undefined) } } } });
    await t.signUp({ email: 'hooked@example.com' }, t.newJar());
    setGithub(10, 'hooked@example.com');
    expect(errorOf(await flow())).toBe('unable_to_link_account');
    setGithub(11, 'fresh@example.com');
    expect(errorOf(await flow())).toBe('unable_to_create_user');
    const c = await ctx();
    expect(await c.adapter.count('user', [{ field: 'email', value: 'fresh@example.com' }])).toBe(0);
    await t.auth.close();

    await setup({ databaseHooks: { user: { create: { before: () => false } } } });
    expect(errorOf(await flow())).toBe('unable_to_create_user');
    await t.auth.close();
    await setup({}, { github: { disableSignUp: true } });
    expect(errorOf(await flow())).toBe('unable_to_create_user');
  });

  it('disableImplicitSignUp: a new user only when the request asks for sign-up', async () => {
    await setup({}, { github: { disableImplicitSignUp: true } });
    setGithub(17, 'explicit@example.com');
    expect(errorOf(await flow())).toBe('unable_to_create_user');
    expect(await flow({ requestSignUp: true, newUserCallbackURL: '/welcome' })).toBe('/welcome');
    t.jar.cookies.clear();
    // Existing users sign in as usual.
    expect(await flow()).toBe('/dashboard');
  });

  it('unable_to_create_session and internal_server_error', async () => {
    await setup({ databaseHooks: { session: { create: { before: () => false } } } });
    setGithub(12, 'nosession@example.com');
    expect(errorOf(await flow())).toBe('unable_to_create_session');
    await t.auth.close();
    await setup(
      {},
      {
        github: {
          mapProfileToUser: () => {
            throw new Error('boom');
          },
        },
      },
    );
    expect(errorOf(await flow({ errorCallbackURL: '/oops' }))).toBe('internal_server_error');
  });

  it('a banned user (admin plugin) is sent to the error URL with banned_user', async () => {
    await setup();
    setGithub(16, 'ban-me@example.com');
    await flow();
    const c = await ctx();
    await c.adapter.update('user', [{ field: 'email', value: 'ban-me@example.com' }], { banned: true, banReason: 'spam' });
    t.jar.cookies.clear();
    const location = new URL(await flow({ errorCallbackURL: '/sign-in' }), 'http://x');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('error')).toBe('banned_user');
    expect(location.searchParams.get('error_description')).toBe('You have been banned from this application');
    expect(await session()).toBeNull();
  });

  it('mapProfileToUser adds its fields to the new user', async () => {
    await setup(
      { user: { additionalFields: { nickname: { type: 'string' } } } },
      { github: { mapProfileToUser: (p) => ({ nickname: p.login, name: 'Mapped' }) } },
    );
    setGithub(13, 'mapped@example.com');
    await flow();
    expect((await session())!.user).toMatchObject({ name: 'Mapped', nickname: 'user13' });
  });

  it('plugins apply through completeSignIn: a refusal redirects with its code, an interception goes to callbackURL', async () => {
    await setup({
      plugins: [
        {
          id: 'ban-test',
          async beforeSignIn(_c, { user, method }) {
            expect(method).toBe('github');
            if (user.email === 'banned@example.com') throw new APIError('FORBIDDEN', 'BANNED_USER', 'You have been banned from this application');
            if (user.email === 'twofactor@example.com') return { twoFactorRedirect: true };
            return undefined;
          },
        },
      ],
    });
    setGithub(14, 'banned@example.com');
    const banned = new URL(await flow(), 'http://x');
    expect(banned.searchParams.get('error')).toBe('banned_user');
    expect(banned.searchParams.get('error_description')).toBe('You have been banned from this application');
    expect(await session()).toBeNull();
    setGithub(15, 'twofactor@example.com');
    expect(await flow()).toBe('/dashboard?twoFactorRedirect=true');
    expect(await session()).toBeNull();
  });
});

describe('linking and unlinking', () => {
  it('links a provider account to the signed-in user; refuses a second link of the same provider', async () => {
    await setup();
    expect((await t.json('/link-social', { body: { provider: 'github' } })).status).toBe(401);
    const { data } = await t.signUp({ email: 'linker@example.com' });
    setGithub(20, 'linker@example.com');
    const r = await t.json<{ url: string; redirect: boolean }>('/link-social', { body: { provider: 'github', callbackURL: '/settings' } });
    expect(r.data.redirect).toBe(true);
    const state = new URL(r.data.url).searchParams.get('state')!;
    const row = await (await ctx()).adapter.findOne<{ value: string }>('verification', [{ field: 'identifier', value: `oauth-state:${state}` }]);
    expect(JSON.parse(row!.value).link).toEqual({ email: 'linker@example.com', userId: (data.user as { id: string }).id });
    expect((await callback({ code: 'c', state })).headers.get('location')).toBe('/settings');

    const list = await t.json<Record<string, unknown>[]>('/list-accounts');
    expect(list.data).toHaveLength(2);
    const github = list.data.find((a) => a.providerId === 'github')!;
    expect(Object.keys(github).sort()).toEqual(['accountId', 'createdAt', 'id', 'provider', 'providerId', 'scopes', 'updatedAt']);
    expect(github).toMatchObject({ provider: 'github', accountId: '20', scopes: ['read:user', 'user:email'] });

    const again = await t.json('/link-social', { body: { provider: 'github', callbackURL: '/settings' } });
    expect(again).toMatchObject({ status: 400, data: { code: 'SOCIAL_ACCOUNT_ALREADY_LINKED', message: 'Social account already linked' } });

    // The linked account now signs the same user in.
    const jar = t.newJar();
    const st = new URL((await t.json<{ url: string }>('/sign-in/social', { body: { provider: 'github', callbackURL: '/' }, jar })).data.url).searchParams.get(
      'state',
    )!;
    await t.request(`/callback/github?code=c&state=${st}`, { jar });
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar })).data.user.id).toBe((data.user as { id: string }).id);
  });

  it("email_doesn't_match, account_already_linked_to_different_user, unable_to_link_account", async () => {
    await setup();
    setGithub(21, 'owner@example.com');
    await flow();
    t.jar.cookies.clear();
    await t.signUp({ email: 'other@example.com' });
    expect(errorOf(await flow({ callbackURL: '/settings' }, '/link-social'))).toBe("email_doesn't_match");
    await t.auth.close();

    await setup({ account: { accountLinking: { allowDifferentEmails: true } } });
    setGithub(21, 'owner@example.com');
    await flow();
    t.jar.cookies.clear();
    await t.signUp({ email: 'other@example.com' });
    expect(errorOf(await flow({ callbackURL: '/settings' }, '/link-social'))).toBe('account_already_linked_to_different_user');
    setGithub(22, 'another@example.com');
    expect(await flow({ callbackURL: '/settings' }, '/link-social')).toBe('/settings');
    await t.auth.close();

    await setup({ account: { accountLinking: { enabled: false } } });
    await t.signUp({ email: 'nolink@example.com' });
    setGithub(23, 'nolink@example.com');
    expect(errorOf(await flow({ callbackURL: '/settings' }, '/link-social'))).toBe('unable_to_link_account');
  });

  it('unlink-account: last account, unknown account, by accountId alone, fresh session required', async () => {
    await setup({ session: { freshAge: 60 } });
    await t.signUp({ email: 'unlink@example.com' });
    let r = await t.json('/unlink-account', { body: { providerId: 'credential' } });
    expect(r).toMatchObject({ status: 400, data: { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: "You can't unlink your last account" } });
    setGithub(30, 'unlink@example.com');
    await flow({ callbackURL: '/settings' }, '/link-social');
    r = await t.json('/unlink-account', { body: { providerId: 'discord' } });
    expect(r).toMatchObject({ status: 400, data: { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' } });
    expect((await t.json('/unlink-account', { body: {} })).status).toBe(400);
    t.clock.advance(120);
    expect((await t.json('/unlink-account', { body: { accountId: '30' } })).status).toBe(403);
    t.clock.advance(-120);
    r = await t.json('/unlink-account', { body: { accountId: '30' } });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect((await t.json<unknown[]>('/list-accounts')).data).toHaveLength(1);
  });

  it("unlink-account takes the /list-accounts item's id as accountId (better-auth's client), for the caller's own accounts only", async () => {
    await setup();
    await t.signUp({ email: 'bystander@example.com' });
    setGithub(31, 'bystander@example.com');
    await flow({ callbackURL: '/settings' }, '/link-social');
    const theirs = (await t.json<{ id: string; providerId: string }[]>('/list-accounts')).data.find((a) => a.providerId === 'github')!;
    const other = t.newJar();
    for (const [name, value] of t.jar.cookies) other.cookies.set(name, value);
    t.jar.cookies.clear();

    await t.signUp({ email: 'rowid@example.com' });
    setGithub(32, 'rowid@example.com');
    await flow({ callbackURL: '/settings' }, '/link-social');
    const mine = (await t.json<{ id: string; providerId: string; accountId: string }[]>('/list-accounts')).data;
    const github = mine.find((a) => a.providerId === 'github')!;
    expect(github.id).not.toBe(github.accountId);

    // Someone else's row id is not found, with or without the provider, and removes nothing.
    for (const body of [{ providerId: 'github', accountId: theirs.id }, { accountId: theirs.id }]) {
      expect(await t.json('/unlink-account', { body })).toMatchObject({ status: 400, data: { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' } });
    }
    expect((await t.json<unknown[]>('/list-accounts', { jar: other })).data).toHaveLength(2);
    // A row id of another provider is not this provider's account.
    const credential = mine.find((a) => a.providerId === 'credential')!;
    expect((await t.json('/unlink-account', { body: { providerId: 'github', accountId: credential.id } })).data).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });

    const r = await t.json('/unlink-account', { body: { providerId: 'github', accountId: github.id } });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect((await t.json<{ providerId: string }[]>('/list-accounts')).data.map((a) => a.providerId)).toEqual(['credential']);
  });
});

describe('provider access tokens', () => {
  it('get-access-token answers the stored token, refreshing it once expired; refresh-token refreshes now', async () => {
    await setup();
    setGithub(40, 'tokens@example.com');
    await flow();
    let r = await t.json<Record<string, unknown>>('/get-access-token', { body: { providerId: 'github' } });
    expect(r.data).toMatchObject({ accessToken: 'gh-access-1', scopes: ['read:user', 'user:email'], idToken: null });
    const refreshCalls = () => s.callsTo('/github/token').filter((c) => c.form.get('grant_type') === 'refresh_token');
    const before = refreshCalls().length;
    t.clock.advance(28800);
    gh.access = 'gh-access-2';
    r = await t.json('/get-access-token', { body: { providerId: 'github' } });
    expect(r.data.accessToken).toBe('gh-access-2');
    expect(new Date(r.data.accessTokenExpiresAt as string).getTime()).toBe(t.clock.ms + 28800 * 1000);
    const call = refreshCalls().at(-1)!;
    expect(refreshCalls()).toHaveLength(before + 1);
    expect(call.form.get('refresh_token')).toBe('gh-refresh-1');
    expect(call.form.get('client_secret')).toBe(CLIENT_SECRET);
    gh.access = 'gh-access-3';
    r = await t.json('/refresh-token', { body: { providerId: 'github' } });
    expect(r.data.accessToken).toBe('gh-access-3');
    const stored = await (await ctx()).adapter.findOne<Record<string, string>>('account', [{ field: 'providerId', value: 'github' }]);
    expect((await ctx()).encrypter.decrypt(stored!.accessToken!)).toBe('gh-access-3');
    gh.access = 'gh-access-1';

    gh.tokenStatus = 400;
    r = await t.json('/refresh-token', { body: { providerId: 'github' } });
    expect(r).toMatchObject({ status: 400, data: { code: 'FAILED_TO_REFRESH_ACCESS_TOKEN', message: 'Failed to refresh access token' } });
    gh.tokenStatus = 200;
    expect((await t.json('/get-access-token', { body: { providerId: 'google' } })).data).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect((await t.json('/get-access-token', { body: { providerId: 'nope' } })).status).toBe(404);
  });

  it('refresh-token without a refresh token: Refresh token not found', async () => {
    await setup();
    const now = t.clock.ms;
    const token = await signIdToken(
      keys,
      { sub: 'g-1', email: 'g1@example.com', email_verified: true },
      { issuer: `${s.url}/google`, audience: CLIENT_ID, nowMs: now },
    );
    await t.json('/sign-in/social', { body: { provider: 'google', idToken: { token } } });
    const r = await t.json('/refresh-token', { body: { providerId: 'google' } });
    expect(r).toMatchObject({ status: 400, data: { code: 'REFRESH_TOKEN_NOT_FOUND', message: 'Refresh token not found' } });
    expect((await t.json('/get-access-token', { body: { providerId: 'google' } })).data).toMatchObject({ idToken: token, accessToken: null });
  });
});

describe('ID-token sign-in', () => {
  const sign = (claims: Record<string, unknown>, opts: { audience?: string; issuer?: string; nowMs?: number; k?: SigningKeys } = {}) =>
    signIdToken(opts.k ?? keys, claims, { issuer: opts.issuer ?? `${s.url}/google`, audience: opts.audience ?? CLIENT_ID, nowMs: opts.nowMs ?? t.clock.ms });

  it('signs in with a verified token: {redirect:false, token, user} and cookies', async () => {
    await setup();
    const token = await sign({ sub: 'g-2', email: 'G2@Example.com', email_verified: true, name: 'Gee Two', nonce: 'n-1' });
    const r = await t.json<{ redirect: boolean; token: string; user: Record<string, unknown> }>('/sign-in/social', {
      body: { provider: 'google', idToken: { token, nonce: 'n-1', accessToken: 'ga', refreshToken: 'gr', expiresAt: t.clock.ms + 3600_000 } },
    });
    expect(r.status).toBe(200);
    expect(r.data.redirect).toBe(false);
    expect(typeof r.data.token).toBe('string');
    expect(r.data.user).toMatchObject({ email: 'g2@example.com', name: 'Gee Two', emailVerified: true });
    expect((await session())!.user.email).toBe('g2@example.com');
    const at = await t.json('/get-access-token', { body: { providerId: 'google' } });
    expect(at.data).toMatchObject({ accessToken: 'ga', idToken: token });
  });

  it('refuses bad tokens with 401 invalid token, and providers without ID tokens with 400', async () => {
    await setup();
    const other = await makeKeys('other');
    const bad = [
      await sign({ sub: 'x', email: 'x@example.com', nonce: 'a' }),
      await sign({ sub: 'x', email: 'x@example.com' }, { audience: 'someone-else' }),
      await sign({ sub: 'x', email: 'x@example.com' }, { issuer: 'https://evil.example' }),
      await sign({ sub: 'x', email: 'x@example.com' }, { nowMs: t.clock.ms - 2 * 3600_000 }),
      await sign({ sub: 'x', email: 'x@example.com' }, { k: other }),
      await new SignJWT({ sub: 'x', email: 'x@example.com' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(`${s.url}/google`)
        .setAudience(CLIENT_ID)
        .setIssuedAt(Math.floor(t.clock.ms / 1000))
        .setExpirationTime(Math.floor(t.clock.ms / 1000) + 600)
        .sign(new TextEncoder().encode('x'.repeat(32))),
      'not-a-jwt',
    ];
    for (const [i, token] of bad.entries()) {
      const r = await t.json('/sign-in/social', { body: { provider: 'google', idToken: { token, nonce: i === 0 ? 'b' : undefined } } });
      expect(r, `token ${i}`).toMatchObject({ status: 401, data: { code: 'INVALID_TOKEN', message: 'invalid token' } });
    }
    const r = await t.json('/sign-in/social', { body: { provider: 'github', idToken: { token: bad[0] } } });
    expect(r).toMatchObject({ status: 400, data: { code: 'ID_TOKEN_NOT_SUPPORTED', message: 'id_token not supported' } });
  });

  it('applies the same linking rules, and fetches the key set once', async () => {
    await setup();
    await t.signUp({ email: 'idlink@example.com' }, t.newJar());
    const jwksBefore = s.callsTo('/google/jwks').length;
    let r = await t.json('/sign-in/social', {
      body: { provider: 'google', idToken: { token: await sign({ sub: 'g-3', email: 'idlink@example.com', email_verified: false }) } },
    });
    expect(r).toMatchObject({ status: 401, data: { code: 'ACCOUNT_NOT_LINKED' } });
    r = await t.json('/sign-in/social', {
      body: { provider: 'google', idToken: { token: await sign({ sub: 'g-3', email: 'idlink@example.com', email_verified: true }) } },
    });
    expect(r.status).toBe(200);
    r = await t.json('/sign-in/social', { body: { provider: 'google', idToken: { token: await sign({ sub: 'g-4' }) } } });
    expect(r).toMatchObject({ status: 401, data: { code: 'USER_EMAIL_NOT_FOUND', message: 'User email not found' } });
    expect(s.callsTo('/google/jwks').length - jwksBefore).toBe(1);
  });
});
