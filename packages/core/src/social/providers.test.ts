import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProviderOptions } from '../options.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, type TestClient } from '../test/harness.js';
import { decodeBasic, makeKeys, type RecordedCall, signIdToken, type SigningKeys, type StandIn, startStandIn } from './test-kit.js';

/**
 * Each of the 13 providers against a loopback stand-in answering its token
 * and user-info calls with the shapes of its public docs: the authorization
 * URL, the credential style at the token endpoint, and the profile mapping.
 */
const CLIENT_ID = 'client-id-1';
// A secret with characters that RFC 6749 2.3.1 form-encodes inside the Basic header.
const CLIENT_SECRET = 'se:cret/with+odd chars';

let s: StandIn;
let keys: SigningKeys;
let t: TestClient;

beforeAll(async () => {
  s = await startStandIn();
  keys = await makeKeys();
});
afterAll(async () => s.close());
const clients = useTestClients();

function endpoints(id: string): SocialProviderOptions {
  const base = `${s.url}/${id}`;
  return {
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    userInfoEndpoint: `${base}/userinfo`,
    jwksEndpoint: `${base}/jwks`,
    issuer: base,
  };
}

async function client(id: string, extra: SocialProviderOptions = {}, options: GatehouseOptions = {}) {
  s.on('GET', `/${id}/jwks`, { json: keys.jwks });
  t = await clients.open({
    ...options,
    socialProviders: { [id]: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...endpoints(id), ...extra } },
  });
  return t;
}

const idToken = (id: string, claims: Record<string, unknown>) =>
  signIdToken(keys, claims, { issuer: `${s.url}/${id}`, audience: CLIENT_ID, nowMs: t.clock.ms });

async function startFlow(id: string, body: Record<string, unknown> = {}) {
  const r = await t.json<{ url: string; redirect: boolean }>('/sign-in/social', { body: { provider: id, callbackURL: '/dashboard', ...body } });
  expect(r.status).toBe(200);
  expect(r.data.redirect).toBe(true);
  const url = new URL(r.data.url);
  return { url, state: url.searchParams.get('state')! };
}

async function callback(id: string, params: Record<string, string>) {
  return t.request(`/callback/${id}?${new URLSearchParams(params)}`);
}

function expectCredentials(call: RecordedCall, style: 'basic' | 'body') {
  expect(call.method).toBe('POST');
  expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
  if (style === 'basic') {
    expect(decodeBasic(call.headers.authorization)).toEqual([CLIENT_ID, CLIENT_SECRET]);
    expect(call.form.has('client_secret')).toBe(false);
  } else {
    expect(call.headers.authorization).toBeUndefined();
    expect(call.form.get('client_id')).toBe(CLIENT_ID);
    expect(call.form.get('client_secret')).toBe(CLIENT_SECRET);
  }
}

async function user() {
  const s2 = await t.json<{ user: Record<string, unknown> } | null>('/get-session');
  return s2.data?.user ?? null;
}

async function accountRow(providerId: string) {
  const ctx = await t.auth.context();
  return ctx.adapter.findOne<Record<string, unknown>>('account', [{ field: 'providerId', value: providerId }]);
}

interface Case {
  id: string;
  credentials: 'basic' | 'body';
  pkce: boolean;
  scopes: string[];
  authParams?: Record<string, string>;
  absentParams?: string[];
  /** Registers the token and profile answers; returns the raw access token the stand-in hands out. */
  setup(id: string): Promise<void>;
  accountId: string;
  expected: { email: string; name: string; image: string | null; emailVerified: boolean };
  extra?: SocialProviderOptions;
  check?(): void;
}

const ACCESS = 'access-token-raw';
const tokenAnswer = (extra: Record<string, unknown> = {}) => ({ json: { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, ...extra } });
const needsBearer = (answer: unknown) => (call: RecordedCall) =>
  call.headers.authorization === `Bearer ${ACCESS}` ? { json: answer } : { status: 401, json: { error: 'unauthorized' } };

const CASES: Case[] = [
  {
    id: 'discord',
    credentials: 'basic',
    pkce: false,
    scopes: ['identify', 'email'],
    async setup(id) {
      s.on('POST', `/${id}/token`, tokenAnswer({ refresh_token: 'r1', scope: 'identify email' }));
      s.on(
        'GET',
        `/${id}/userinfo`,
        needsBearer({
          id: '80351110224678912',
          username: 'nelly',
          discriminator: '0',
          global_name: 'Nelly',
          avatar: '8342729096ea3675442027381ff50dfe',
          verified: true,
          email: 'nelly@discord.example',
          flags: 64,
          locale: 'en-US',
          mfa_enabled: true,
        }),
      );
    },
    accountId: '80351110224678912',
    expected: {
      email: 'nelly@discord.example',
      name: 'Nelly',
      image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
      emailVerified: true,
    },
  },
  {
    id: 'facebook',
    credentials: 'body',
    pkce: true,
    scopes: ['email', 'public_profile'],
    async setup(id) {
      s.on('POST', `/${id}/token`, tokenAnswer({ token_type: 'bearer', expires_in: 5183944 }));
      s.on('GET', `/${id}/userinfo`, (call) =>
        call.query.get('fields') === 'id,name,email,picture' && call.headers.authorization === `Bearer ${ACCESS}`
          ? {
              json: {
                id: '10158000000000001',
                name: 'Fay Book',
                email: 'fay@facebook.example',
                picture: { data: { height: 50, is_silhouette: false, url: 'https://platform-lookaside.fbsbx.example/p.jpg', width: 50 } },
              },
            }
          : { status: 400, json: { error: { message: 'bad request', type: 'OAuthException', code: 100 } } },
      );
    },
    accountId: '10158000000000001',
    expected: { email: 'fay@facebook.example', name: 'Fay Book', image: 'https://platform-lookaside.fbsbx.example/p.jpg', emailVerified: false },
  },
  {
    id: 'github',
    credentials: 'body',
    pkce: true,
    scopes: ['read:user', 'user:email'],
    authParams: { prompt: 'select_account' },
    async setup(id) {
      // GitHub answers JSON only when asked with Accept: application/json.
      s.on('POST', `/${id}/token`, (call) =>
        call.headers.accept?.includes('application/json')
          ? { json: { access_token: ACCESS, token_type: 'bearer', scope: 'read:user,user:email' } }
          : { body: `access_token=${ACCESS}&token_type=bearer`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      );
      s.on(
        'GET',
        `/${id}/userinfo`,
        needsBearer({ login: 'octocat', id: 583231, avatar_url: 'https://avatars.githubusercontent.example/u/583231?v=4', name: 'The Octocat', email: null }),
      );
      s.on(
        'GET',
        `/${id}/userinfo/emails`,
        needsBearer([
          { email: 'octo-old@github.example', verified: false, primary: false, visibility: null },
          { email: 'octocat@github.example', verified: true, primary: true, visibility: 'private' },
        ]),
      );
    },
    accountId: '583231',
    expected: { email: 'octocat@github.example', name: 'The Octocat', image: 'https://avatars.githubusercontent.example/u/583231?v=4', emailVerified: true },
    check() {
      expect(s.callsTo('/github/userinfo/emails')).toHaveLength(1);
    },
  },
  {
    id: 'microsoft',
    credentials: 'body',
    pkce: true,
    scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
    authParams: { prompt: 'select_account' },
    extra: { graphEndpoint: '' },
    async setup(id) {
      s.on('POST', `/${id}/token`, async () =>
        tokenAnswer({
          refresh_token: 'r-ms',
          scope: 'openid profile email User.Read',
          id_token: await idToken(id, {
            sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
            oid: '00000000-0000-0000-66f3-3332eca7ea81',
            tid: '9122040d-6c67-4c5b-b112-36a304b66dad',
            name: 'Megan Bowen',
            preferred_username: 'megan@contoso.example',
            email: 'megan@contoso.example',
            xms_edov: true,
          }),
        }),
      );
      s.on('GET', `/${id}/graph/me/photos/48x48/$value`, (call) =>
        call.headers.authorization === `Bearer ${ACCESS}`
          ? { body: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), headers: { 'content-type': 'image/jpeg' } }
          : { status: 401 },
      );
    },
    accountId: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
    expected: { email: 'megan@contoso.example', name: 'Megan Bowen', image: 'data:image/jpeg;base64,/9j/4A==', emailVerified: true },
  },
  {
    id: 'google',
    credentials: 'body',
    pkce: true,
    scopes: ['openid', 'email', 'profile'],
    authParams: { prompt: 'select_account', include_granted_scopes: 'true' },
    async setup(id) {
      s.on('POST', `/${id}/token`, async () =>
        tokenAnswer({
          scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
          id_token: await idToken(id, {
            sub: '110169484474386276334',
            azp: CLIENT_ID,
            email: 'gina@gmail.example',
            email_verified: true,
            name: 'Gina Google',
            picture: 'https://lh3.googleusercontent.example/a/photo',
            given_name: 'Gina',
            family_name: 'Google',
          }),
        }),
      );
    },
    accountId: '110169484474386276334',
    expected: { email: 'gina@gmail.example', name: 'Gina Google', image: 'https://lh3.googleusercontent.example/a/photo', emailVerified: true },
  },
  {
    id: 'spotify',
    credentials: 'basic',
    pkce: true,
    scopes: ['user-read-email'],
    absentParams: ['prompt'],
    async setup(id) {
      s.on('POST', `/${id}/token`, tokenAnswer({ refresh_token: 'r-sp', scope: 'user-read-email' }));
      s.on(
        'GET',
        `/${id}/userinfo`,
        needsBearer({
          country: 'SE',
          display_name: 'Spot Ify',
          email: 'spot@spotify.example',
          external_urls: { spotify: 'https://open.spotify.example/user/wizzler' },
          id: 'wizzler',
          images: [{ url: 'https://i.scdn.example/image/abc', height: 300, width: 300 }],
          product: 'premium',
          type: 'user',
          uri: 'spotify:user:wizzler',
        }),
      );
    },
    accountId: 'wizzler',
    expected: { email: 'spot@spotify.example', name: 'Spot Ify', image: 'https://i.scdn.example/image/abc', emailVerified: false },
  },
  {
    id: 'twitch',
    credentials: 'body',
    pkce: false,
    scopes: ['user:read:email', 'openid'],
    async setup(id) {
      s.on('POST', `/${id}/token`, async () =>
        tokenAnswer({
          refresh_token: 'r-tw',
          scope: ['openid', 'user:read:email'],
          id_token: await idToken(id, {
            sub: '713936733',
            azp: CLIENT_ID,
            email: 'streamer@twitch.example',
            email_verified: true,
            preferred_username: 'streamer',
            picture: 'https://static-cdn.jtvnw.example/user.png',
          }),
        }),
      );
    },
    accountId: '713936733',
    expected: { email: 'streamer@twitch.example', name: 'streamer', image: 'https://static-cdn.jtvnw.example/user.png', emailVerified: true },
    check() {
      const claims = JSON.parse(lastAuthURL!.searchParams.get('claims')!);
      expect(claims.id_token).toMatchObject({ email: null, email_verified: null, picture: null, preferred_username: null });
    },
  },
  {
    id: 'twitter',
    credentials: 'basic',
    pkce: true,
    scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
    async setup(id) {
      s.on(
        'POST',
        `/${id}/token`,
        tokenAnswer({ token_type: 'bearer', expires_in: 7200, refresh_token: 'r-x', scope: 'users.read tweet.read offline.access users.email' }),
      );
      s.on('GET', `/${id}/userinfo`, (call) =>
        call.query.get('user.fields')?.includes('confirmed_email')
          ? needsBearer({
              data: {
                id: '2244994945',
                name: 'X Developers',
                username: 'XDevelopers',
                profile_image_url: 'https://pbs.twimg.example/profile_images/normal.jpg',
                confirmed_email: 'devs@x.example',
              },
            })(call)
          : { json: { data: { id: '2244994945', name: 'X Developers', username: 'XDevelopers' } } },
      );
    },
    accountId: '2244994945',
    expected: { email: 'devs@x.example', name: 'X Developers', image: 'https://pbs.twimg.example/profile_images/normal.jpg', emailVerified: true },
  },
  {
    id: 'dropbox',
    credentials: 'basic',
    pkce: true,
    scopes: ['account_info.read'],
    authParams: { token_access_type: 'offline' },
    async setup(id) {
      s.on(
        'POST',
        `/${id}/token`,
        tokenAnswer({ token_type: 'bearer', expires_in: 14400, refresh_token: 'r-db', scope: 'account_info.read', account_id: 'dbid:AAH4f99' }),
      );
      s.on('POST', `/${id}/userinfo`, (call) =>
        call.body === '' && call.headers.authorization === `Bearer ${ACCESS}`
          ? {
              json: {
                account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
                name: { given_name: 'Franz', surname: 'Ferdinand', familiar_name: 'Franz', display_name: 'Franz Ferdinand (Personal)', abbreviated_name: 'FF' },
                email: 'franz@dropbox.example',
                email_verified: true,
                disabled: false,
                profile_photo_url: 'https://dl-web.dropbox.example/account_photo/get/dbaphid',
              },
            }
          : { status: 400, body: 'Error in call to API function' },
      );
    },
    accountId: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
    expected: {
      email: 'franz@dropbox.example',
      name: 'Franz Ferdinand (Personal)',
      image: 'https://dl-web.dropbox.example/account_photo/get/dbaphid',
      emailVerified: true,
    },
  },
  {
    id: 'linkedin',
    credentials: 'body',
    pkce: false,
    scopes: ['profile', 'email', 'openid'],
    async setup(id) {
      s.on('POST', `/${id}/token`, async () =>
        tokenAnswer({
          expires_in: 5183999,
          scope: 'email,openid,profile',
          id_token: await idToken(id, {
            sub: '782bbtaQ',
            name: 'John Doe',
            given_name: 'John',
            family_name: 'Doe',
            picture: 'https://media.licdn.example/dms/image/C4D',
            email: 'doe@linkedin.example',
            email_verified: true,
            locale: 'en-US',
          }),
        }),
      );
    },
    accountId: '782bbtaQ',
    expected: { email: 'doe@linkedin.example', name: 'John Doe', image: 'https://media.licdn.example/dms/image/C4D', emailVerified: true },
  },
  {
    id: 'gitlab',
    credentials: 'body',
    pkce: true,
    scopes: ['openid', 'profile', 'email', 'read_user'],
    async setup(id) {
      s.on('POST', `/${id}/token`, async () =>
        tokenAnswer({
          expires_in: 7200,
          refresh_token: 'r-gl',
          scope: 'openid profile email read_user',
          created_at: 1607635748,
          id_token: await idToken(id, {
            sub: '1',
            sub_legacy: 'abc',
            name: 'John Smith',
            nickname: 'john_smith',
            email: 'john@gitlab.example',
            email_verified: true,
            picture: 'https://gitlab.example/uploads/-/system/user/avatar/1/index.jpg',
          }),
        }),
      );
    },
    accountId: '1',
    expected: {
      email: 'john@gitlab.example',
      name: 'John Smith',
      image: 'https://gitlab.example/uploads/-/system/user/avatar/1/index.jpg',
      emailVerified: true,
    },
  },
  {
    id: 'reddit',
    credentials: 'basic',
    pkce: false,
    scopes: ['identity'],
    authParams: { duration: 'permanent' },
    // Reddit gives no email: the application supplies one.
    extra: { mapProfileToUser: (p) => ({ email: `${String(p.name)}@reddit-users.example` }) },
    async setup(id) {
      s.on('POST', `/${id}/token`, tokenAnswer({ token_type: 'bearer', expires_in: 86400, refresh_token: 'r-rd', scope: 'identity' }));
      s.on(
        'GET',
        `/${id}/userinfo`,
        needsBearer({
          id: 'abc123',
          name: 'spez',
          icon_img: 'https://styles.redditmedia.example/t5_x/styles/profileIcon.png?width=256&amp;height=256&amp;s=abc',
          has_verified_email: true,
          verified: true,
          oauth_client_id: CLIENT_ID,
        }),
      );
    },
    accountId: 'abc123',
    expected: {
      email: 'spez@reddit-users.example',
      name: 'spez',
      image: 'https://styles.redditmedia.example/t5_x/styles/profileIcon.png?width=256&height=256&s=abc',
      emailVerified: false,
    },
  },
];

let lastAuthURL: URL | undefined;

describe('each provider against a stand-in', () => {
  for (const c of CASES) {
    it(`${c.id}: authorization URL, ${c.credentials} credentials, profile mapping`, async () => {
      const extra = { ...c.extra };
      if (c.id === 'microsoft') extra.graphEndpoint = `${s.url}/microsoft/graph`;
      await client(c.id, extra);
      await c.setup(c.id);
      const before = s.calls.length;
      const { url, state } = await startFlow(c.id);
      lastAuthURL = url;
      expect(`${url.origin}${url.pathname}`).toBe(`${s.url}/${c.id}/authorize`);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:3000/api/auth/callback/${c.id}`);
      expect(state).toHaveLength(32);
      expect(url.searchParams.get('scope')!.split(' ')).toEqual(c.scopes);
      if (c.pkce) {
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
        expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      } else expect(url.searchParams.has('code_challenge')).toBe(false);
      for (const [k, v] of Object.entries(c.authParams ?? {})) expect(url.searchParams.get(k)).toBe(v);
      for (const k of c.absentParams ?? []) expect(url.searchParams.has(k)).toBe(false);

      const res = await callback(c.id, { code: 'the-code', state });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/dashboard');

      const tokenCall = s.calls.slice(before).find((x) => x.path === `/${c.id}/token`)!;
      expectCredentials(tokenCall, c.credentials);
      expect(tokenCall.form.get('grant_type')).toBe('authorization_code');
      expect(tokenCall.form.get('code')).toBe('the-code');
      expect(tokenCall.form.get('redirect_uri')).toBe(`http://localhost:3000/api/auth/callback/${c.id}`);
      const verifier = tokenCall.form.get('code_verifier');
      if (c.pkce) {
        expect(verifier).toHaveLength(128);
        expect(createHash('sha256').update(verifier!).digest('base64url')).toBe(url.searchParams.get('code_challenge'));
      } else expect(verifier).toBeNull();

      const u = await user();
      expect(u).toMatchObject(c.expected);
      const account = await accountRow(c.id);
      expect(account).toMatchObject({ accountId: c.accountId, userId: u!.id });
      // Stored sealed, never as the provider gave it.
      expect(account!.accessToken).not.toBe(ACCESS);
      expect(String(account!.accessToken)).toMatch(/^v1\./);
      c.check?.();
    });
  }
});

describe('provider quirks', () => {
  it('apple: form_post callback, name only on the first sign-in, ID token as the profile', async () => {
    await client('apple');
    const sub = '001234.8a6f0e1c2b3d4e5f.1234';
    s.on('POST', '/apple/token', async () =>
      tokenAnswer({
        refresh_token: 'r-apple',
        id_token: await idToken('apple', { sub, email: 'x7@privaterelay.appleid.example', email_verified: 'true', is_private_email: 'true', auth_time: 1 }),
      }),
    );
    const { url, state } = await startFlow('apple');
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.has('prompt')).toBe(false);
    expect(url.searchParams.get('scope')).toBe('email name');

    const form = new URLSearchParams({
      state,
      code: 'c-apple',
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'x7@privaterelay.appleid.example' }),
    });
    const posted = await t.request('/callback/apple', {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      jar: null,
    });
    expect(posted.status).toBe(303);
    const next = new URL(posted.headers.get('location')!);
    expect(next.pathname).toBe('/api/auth/callback/apple');
    const res = await t.request(next.toString());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expectCredentials(s.callsTo('/apple/token').at(-1)!, 'body');
    expect(await user()).toMatchObject({ name: 'Ada Lovelace', email: 'x7@privaterelay.appleid.example', emailVerified: true, image: null });

    // Later sign-ins carry no `user` field: the name stays.
    const again = await startFlow('apple');
    const res2 = await t.request('/callback/apple', {
      method: 'POST',
      body: new URLSearchParams({ state: again.state, code: 'c2' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      jar: null,
    });
    const next2 = new URL(res2.headers.get('location')!);
    expect((await t.request(next2.toString())).headers.get('location')).toBe('/dashboard');
    expect(await user()).toMatchObject({ name: 'Ada Lovelace' });
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('user')).toBe(1);
  });

  it('apple: an ID token older than one hour is refused', async () => {
    await client('apple');
    s.on('POST', '/apple/token', async () =>
      tokenAnswer({
        id_token: await signIdToken(
          keys,
          { sub: 'old', email: 'old@apple.example', email_verified: true },
          {
            issuer: `${s.url}/apple`,
            audience: CLIENT_ID,
            nowMs: t.clock.ms - 2 * 3600 * 1000,
            expiresInSeconds: 4 * 3600,
          },
        ),
      }),
    );
    const { state } = await startFlow('apple');
    const res = await callback('apple', { code: 'c', state });
    expect(res.headers.get('location')).toBe('http://localhost:3000/api/auth/error?error=unable_to_get_user_info');
  });

  it('facebook: an ID token, when the token response has one, is the profile', async () => {
    await client('facebook', { scope: ['openid'] });
    s.on('POST', '/facebook/token', async () =>
      tokenAnswer({
        id_token: await idToken('facebook', { sub: '10158000000000002', name: 'Lim Ited', email: 'lim@facebook.example', picture: 'https://fb.example/p.jpg' }),
      }),
    );
    const before = s.callsTo('/facebook/userinfo').length;
    const { url, state } = await startFlow('facebook');
    expect(url.searchParams.get('scope')).toBe('email public_profile openid');
    expect((await callback('facebook', { code: 'c', state })).headers.get('location')).toBe('/dashboard');
    expect(s.callsTo('/facebook/userinfo')).toHaveLength(before);
    expect(await user()).toMatchObject({ name: 'Lim Ited', email: 'lim@facebook.example', image: 'https://fb.example/p.jpg' });
    expect((await accountRow('facebook'))!.accountId).toBe('10158000000000002');
  });

  it('microsoft: tenantId shapes the endpoints; a failed photo request is ignored', async () => {
    t = await clients.open({ socialProviders: { microsoft: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tenantId: 'contoso.onmicrosoft.com' } } });
    const r = await t.json<{ url: string }>('/sign-in/social', { body: { provider: 'microsoft', callbackURL: '/' } });
    expect(r.data.url.startsWith('https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize?')).toBe(true);
    await t.auth.close();
    const common = await clients.open({ socialProviders: { microsoft: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } } });
    const r2 = await common.json<{ url: string }>('/sign-in/social', { body: { provider: 'microsoft', callbackURL: '/' } });
    expect(r2.data.url.startsWith('https://login.microsoftonline.com/common/oauth2/v2.0/authorize?')).toBe(true);
    await common.auth.close();

    await client('microsoft', { graphEndpoint: `${s.url}/microsoft/graph-down` });
    s.on('POST', '/microsoft/token', async () =>
      tokenAnswer({ id_token: await idToken('microsoft', { sub: 'ms-2', tid: 't', name: 'No Photo', email: 'nophoto@contoso.example' }) }),
    );
    const { state } = await startFlow('microsoft');
    expect((await callback('microsoft', { code: 'c', state })).headers.get('location')).toBe('/dashboard');
    expect(s.callsTo('/microsoft/graph-down/me/photos/48x48/$value')).toHaveLength(1);
    expect(await user()).toMatchObject({ name: 'No Photo', image: null, emailVerified: false });
  });

  it('gitlab: issuerBaseURL for a self-hosted instance; REST profile without an ID token; blocked users refused', async () => {
    t = await clients.open({ socialProviders: { gitlab: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuerBaseURL: 'https://git.example.org/' } } });
    const r = await t.json<{ url: string }>('/sign-in/social', { body: { provider: 'gitlab', callbackURL: '/' } });
    expect(r.data.url.startsWith('https://git.example.org/oauth/authorize?')).toBe(true);
    await t.auth.close();

    await client('gitlab', { scope: [] });
    s.on('POST', '/gitlab/token', tokenAnswer({ refresh_token: 'r' }));
    const profile = {
      id: 7,
      username: 'jane',
      name: 'Jane Lab',
      state: 'active',
      locked: false,
      avatar_url: 'https://gitlab.example/avatar.png',
      email: 'jane@gitlab.example',
      confirmed_at: '2012-05-23T09:05:22Z',
    };
    s.on('GET', '/gitlab/userinfo', needsBearer(profile));
    const { state } = await startFlow('gitlab');
    expect((await callback('gitlab', { code: 'c', state })).headers.get('location')).toBe('/dashboard');
    expect(await user()).toMatchObject({ name: 'Jane Lab', email: 'jane@gitlab.example', emailVerified: true, image: 'https://gitlab.example/avatar.png' });

    s.on('GET', '/gitlab/userinfo', needsBearer({ ...profile, id: 8, email: 'blocked@gitlab.example', state: 'blocked' }));
    const blocked = await startFlow('gitlab');
    expect((await callback('gitlab', { code: 'c', state: blocked.state })).headers.get('location')).toBe(
      'http://localhost:3000/api/auth/error?error=unable_to_get_user_info',
    );
  });

  it('linkedin: the user-info endpoint when no ID token comes back', async () => {
    await client('linkedin');
    s.on('POST', '/linkedin/token', tokenAnswer());
    s.on(
      'GET',
      '/linkedin/userinfo',
      needsBearer({
        sub: 'li-9',
        name: 'Lynn Kedin',
        given_name: 'Lynn',
        family_name: 'Kedin',
        picture: 'https://media.licdn.example/9',
        email: 'lynn@linkedin.example',
        email_verified: true,
      }),
    );
    const { state } = await startFlow('linkedin');
    expect((await callback('linkedin', { code: 'c', state })).headers.get('location')).toBe('/dashboard');
    expect(await user()).toMatchObject({ name: 'Lynn Kedin', email: 'lynn@linkedin.example', emailVerified: true });
  });

  it('twitter: no email → email_not_found; reddit without mapProfileToUser likewise', async () => {
    await client('twitter');
    s.on('POST', '/twitter/token', tokenAnswer());
    s.on('GET', '/twitter/userinfo', needsBearer({ data: { id: '42', name: 'No Mail', username: 'nomail' } }));
    const { state } = await startFlow('twitter', { errorCallbackURL: '/oops' });
    expect((await callback('twitter', { code: 'c', state })).headers.get('location')).toBe('/oops?error=email_not_found');
    await t.auth.close();

    await client('reddit');
    s.on('POST', '/reddit/token', tokenAnswer());
    s.on('GET', '/reddit/userinfo', needsBearer({ id: 'r1', name: 'anon', has_verified_email: true }));
    const r = await startFlow('reddit');
    expect((await callback('reddit', { code: 'c', state: r.state })).headers.get('location')).toBe(
      'http://localhost:3000/api/auth/error?error=email_not_found',
    );
  });

  it('discord: default avatar when none is set', async () => {
    await client('discord');
    s.on('POST', '/discord/token', tokenAnswer());
    s.on(
      'GET',
      '/discord/userinfo',
      needsBearer({
        id: '80351110224678912',
        username: 'plain',
        discriminator: '0',
        global_name: null,
        avatar: null,
        verified: false,
        email: 'plain@discord.example',
      }),
    );
    const { state } = await startFlow('discord');
    await callback('discord', { code: 'c', state });
    const index = Number((BigInt('80351110224678912') >> 22n) % 6n);
    expect(await user()).toMatchObject({ name: 'plain', image: `https://cdn.discordapp.com/embed/avatars/${index}.png`, emailVerified: false });
  });
});
