import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { authorizationRequest, browser, codeFor, ISSUER, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();
const open = () => clients.open({ oidcProvider: { enabled: true } });

/** A signed-in person, a confidential app and its relying party. */
async function setUp() {
  const t = await open();
  await t.signUp({ name: 'Ada' });
  const app = await registerApp(t, { firstParty: true });
  const rp = await relyingParty(t, app.clientId, app.clientSecret);
  return { t, app, rp };
}

describe('oidcProvider: the conformance suite basic plan, refused', () => {
  it('refuses a redirect URI that is not registered, without redirecting to it', async () => {
    const { t, rp } = await setUp();
    const { url } = await authorizationRequest(rp, { redirect_uri: 'http://evil.localhost/callback' });
    const r = await browser(t).get(url);
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(await r.text()).toMatch(/redirect_uri/);
  });

  it('shows a person an error page for an unknown client_id (no redirect, no stack trace)', async () => {
    const { t, rp } = await setUp();
    const { url } = await authorizationRequest(rp);
    const unknown = new URL(url);
    unknown.searchParams.set('client_id', 'no-such-app');
    const r = await browser(t).get(unknown.href);
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('<h1>This sign-in cannot continue</h1>');
    expect(html).toContain('This application is not registered here, or no longer is.');
    expect(html).toContain('Error: invalid_client (client is invalid)');
    expect(html).not.toMatch(/node_modules|at \w+ \(|stack/i);
  });

  it('refuses an authorization request without PKCE', async () => {
    const { t, rp } = await setUp();
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: 'http://app.localhost:4000/callback', scope: 'openid', state: 's' });
    const at = new URL(await browser(t).follow(url.href));
    expect(at.searchParams.get('error')).toBe('invalid_request');
    expect(at.searchParams.get('error_description')).toMatch(/requires PKCE/);
  });

  it('refuses a code used twice, and revokes what the first use issued', async () => {
    const { t, rp } = await setUp();
    const { callback, verifier, state, nonce } = await codeFor(t, rp);
    const first = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })).rejects.toMatchObject(
      { error: 'invalid_grant' },
    );
    await expect(client.fetchUserInfo(rp, first.access_token, first.claims()!.sub)).rejects.toThrow();
  });

  it('redeems a code once when ten requests race with it (one token set, the others invalid_grant), and a refresh token once', async () => {
    const { t, rp } = await setUp();
    const succeeded = <T>(results: PromiseSettledResult<T>[]) => results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const refused = (results: PromiseSettledResult<unknown>[]) =>
      results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { error?: string }).error] : []));
    // oidc-provider checks `consumed` in the copy it read, then consumes: before the storage's
    // compare-and-set, all ten got tokens on PostgreSQL and MySQL.
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid offline_access', prompt: 'consent' });
    const exchanges = await Promise.allSettled(
      Array.from({ length: 10 }, () => client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })),
    );
    expect(succeeded(exchanges)).toHaveLength(1);
    expect(refused(exchanges)).toEqual(Array(9).fill('invalid_grant'));

    // A refresh token: rotated once. The requests that lose the race are a reuse, which revokes
    // the family (RFC 9700 §4.14.2): the winner's answer stands, its tokens may be revoked by then.
    const second = await codeFor(t, rp, { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
    });
    const refreshes = await Promise.allSettled(Array.from({ length: 10 }, () => client.refreshTokenGrant(rp, tokens.refresh_token!)));
    expect(succeeded(refreshes)).toHaveLength(1);
    expect(refused(refreshes)).toEqual(Array(9).fill('invalid_grant'));
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { t, rp } = await setUp();
    const { callback, state, nonce } = await codeFor(t, rp);
    await expect(
      client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: state, expectedNonce: nonce }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code exchanged without its PKCE verifier', async () => {
    const { t, rp } = await setUp();
    const { callback, state, nonce } = await codeFor(t, rp);
    await expect(client.authorizationCodeGrant(rp, callback, { expectedState: state, expectedNonce: nonce })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code', async () => {
    const { t, rp } = await setUp();
    const { callback, verifier, state, nonce } = await codeFor(t, rp);
    const code = callback.searchParams.get('code')!;
    // The code row expires after 60 s on the instance's clock.
    t.clock.advance(61);
    expect(code).toBeTruthy();
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })).rejects.toMatchObject(
      { error: 'invalid_grant' },
    );
  });

  it('lets the relying party notice a nonce mismatch (the ID token carries the request nonce)', async () => {
    const { t, rp } = await setUp();
    const { callback, verifier, state } = await codeFor(t, rp);
    await expect(
      client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: client.randomNonce() }),
    ).rejects.toMatchObject({
      message: 'unexpected JWT claim value encountered',
      cause: { message: 'unexpected ID Token "nonce" claim value', cause: { claim: 'nonce' } },
    });
  });

  it('refuses a wrong client secret', async () => {
    const { t, app, rp } = await setUp();
    const { callback, verifier, state, nonce } = await codeFor(t, rp);
    const wrong = await relyingParty(t, app.clientId, 'not-the-secret');
    await expect(
      client.authorizationCodeGrant(wrong, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }),
    ).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: { error: 'invalid_client' } }],
    });
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const { t, rp } = await setUp();
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const second = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The newer token of the family is gone too.
    await expect(client.refreshTokenGrant(rp, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('oidcProvider: interactions', () => {
  it('shows the consent page for a third-party app; Deny sends access_denied to the app', async () => {
    const t = await open();
    await t.signUp();
    const app = await registerApp(t, { name: 'Third party' });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { url } = await authorizationRequest(rp);
    const at = new URL(await browser(t).follow(url));
    expect(at.pathname).toBe('/oauth/consent');
    const uid = at.searchParams.get('uid')!;
    const d = await t.json<{ application: { name: string; clientId: string }; scopes: string[] }>(`/oauth2/interaction/${uid}/details`);
    expect(d.status).toBe(200);
    expect(d.data.application).toMatchObject({ name: 'Third party', clientId: app.clientId });
    expect(d.data.scopes).toEqual(['openid', 'email', 'profile']);
    const r = await t.json<{ redirect: string }>(`/oauth2/interaction/${uid}/consent`, { body: { accept: false } });
    expect(r.status).toBe(200);
    const back = new URL(await browser(t).follow(r.data.redirect));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await t.json<unknown[]>('/oauth2/list-consents')).data).toEqual([]);
  });

  it('binds an interaction to the browser that started it', async () => {
    const t = await open();
    await t.signUp();
    const app = await registerApp(t);
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { url } = await authorizationRequest(rp);
    const at = new URL(await browser(t).follow(url));
    const uid = at.searchParams.get('uid')!;
    // Another signed-in browser (no interaction cookie) cannot read or answer it.
    const other = t.newJar();
    await t.signUp({}, other);
    const d = await t.json(`/oauth2/interaction/${uid}/details`, { jar: other });
    expect(d).toMatchObject({ status: 400, data: { code: 'INTERACTION_NOT_FOUND' } });
    const r = await t.json(`/oauth2/interaction/${uid}/consent`, { jar: other, body: { accept: true } });
    expect(r).toMatchObject({ status: 400, data: { code: 'INTERACTION_NOT_FOUND' } });
    // Signed out: 401.
    expect((await t.json(`/oauth2/interaction/${uid}/details`, { jar: null })).status).toBe(401);
    // An unknown uid with this browser's cookie: refused too.
    expect((await t.json('/oauth2/interaction/nope/details')).data).toMatchObject({ code: 'INTERACTION_NOT_FOUND' });
    // A bad body: 400 VALIDATION_ERROR.
    expect((await t.json(`/oauth2/interaction/${uid}/consent`, { body: { accept: 'yes' } })).data).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('asks for a fresh sign-in on prompt=login even with a session', async () => {
    const { t, rp } = await setUp();
    const { url } = await authorizationRequest(rp, { prompt: 'login' });
    t.clock.advance(5);
    const at = new URL(await browser(t).follow(url));
    expect(at.pathname).toBe('/sign-in');
    expect(at.searchParams.get('reauth')).toBe('1');
  });

  it('ends single sign-on when the person signs out of Gatehouse', async () => {
    const { t, rp } = await setUp();
    await codeFor(t, rp);
    expect((await t.json('/sign-out', { body: {} })).status).toBe(200);
    // The provider's own session cookie is still in the browser; it no longer signs anyone in.
    const { url } = await authorizationRequest(rp);
    expect(new URL(await browser(t).follow(url)).pathname).toBe('/sign-in');
    const silent = await authorizationRequest(rp, { prompt: 'none' });
    expect(new URL(await browser(t).follow(silent.url)).searchParams.get('error')).toBe('login_required');
  });

  it('signs another person in the same browser in as themselves, not as the account of the provider session', async () => {
    const { t, rp } = await setUp();
    const first = await codeFor(t, rp);
    const firstTokens = await client.authorizationCodeGrant(rp, first.callback, {
      pkceCodeVerifier: first.verifier,
      expectedState: first.state,
      expectedNonce: first.nonce,
    });
    await t.json('/sign-out', { body: {} });
    await t.signUp({ name: 'Bea' });
    const second = await codeFor(t, rp);
    const secondTokens = await client.authorizationCodeGrant(rp, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
    });
    expect(secondTokens.claims()!.sub).not.toBe(firstTokens.claims()!.sub);
    expect((await client.fetchUserInfo(rp, secondTokens.access_token, secondTokens.claims()!.sub)).name).toBe('Bea');
  });

  it('RP-initiated logout asks, then signs out of the provider and of Gatehouse, back to the registered URI', async () => {
    const t = await open();
    await t.signUp();
    const app = await registerApp(t, { firstParty: true, postLogoutRedirectURIs: ['http://app.localhost:4000/bye'] });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { callback, verifier, state, nonce } = await codeFor(t, rp);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    // An unregistered post-logout URI is refused.
    const bad = await browser(t).get(
      client.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://evil.localhost/' }).href,
    );
    expect(bad.status).toBe(400);
    const ask = await browser(t).get(
      client.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://app.localhost:4000/bye' }).href,
    );
    const html = await ask.text();
    expect(html).toContain('Do you want to sign out of Notes?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await t.request('/oidc/end-session/confirm', {
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://app.localhost:4000/bye');
    // The provider tells Gatehouse as it answers (an event): the session ends right after.
    await expect.poll(async () => (await t.json('/get-session')).data).toBeNull();
  });

  it('back-channel logout: a sign-out tells the app, with a logout token signed by the published keys', async () => {
    // The app listens on loopback, which the provider's own fetch refuses (SSRF protection): a plain fetch here.
    const t = await clients.open({ oidcProvider: { enabled: true, fetch: (url, init) => fetch(url, { ...init, dispatcher: undefined } as RequestInit) } });
    await t.signUp();
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const backchannel = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel`;
      const app = await registerApp(t, { firstParty: true, backchannelLogoutURI: backchannel, postLogoutRedirectURIs: ['http://app.localhost:4000/bye'] });
      const rp = await relyingParty(t, app.clientId, app.clientSecret);
      const { callback, verifier, state, nonce } = await codeFor(t, rp);
      const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      const ask = await browser(t).get(
        client.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://app.localhost:4000/bye' }).href,
      );
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(await ask.text())![1]!;
      await t.request('/oidc/end-session/confirm', {
        body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(received).toHaveLength(1);
      const jwks = (await t.json<{ keys: object[] }>('/oidc/jwks')).data;
      const { payload } = await jwtVerify(
        received[0]!,
        async (header) => {
          const jwk = jwks.keys.find((k) => (k as { kid: string }).kid === header.kid)!;
          return importJWK(jwk as never, header.alg);
        },
        { issuer: ISSUER, audience: app.clientId },
      );
      expect(payload.sub).toBe(tokens.claims()!.sub);
      expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });

  it('lists the consented apps and revokes one with its tokens', async () => {
    const t = await open();
    await t.signUp();
    const app = await registerApp(t, { name: 'Revocable' });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const list = await t.json<{ clientId: string; name: string; scopes: string[] }[]>('/oauth2/list-consents');
    expect(list.data).toEqual([expect.objectContaining({ clientId: app.clientId, name: 'Revocable', scopes: ['openid', 'offline_access'] })]);
    expect((await t.json('/oauth2/revoke-consent', { body: { clientId: app.clientId } })).data).toEqual({ status: true });
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await t.json('/oauth2/revoke-consent', { body: { clientId: app.clientId } })).data).toMatchObject({ code: 'CONSENT_NOT_FOUND' });
  });
});

describe('oidcProvider: machine clients and public clients', () => {
  it('gives a confidential client an access token for client credentials', async () => {
    const t = await open();
    const app = await registerApp(t, { redirectURIs: [] });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const tokens = await client.clientCredentialsGrant(rp, {});
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(typeof tokens.access_token).toBe('string');
  });

  it('lets a public client run the code flow with PKCE and no secret', async () => {
    const t = await open();
    await t.signUp();
    const app = await registerApp(t, { public: true, firstParty: true });
    expect(app.clientSecret).toBeUndefined();
    const rp = await relyingParty(t, app.clientId);
    const { callback, verifier, state, nonce } = await codeFor(t, rp);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.claims()!.aud).toBe(app.clientId);
  });
});

describe('oidcProvider: rate limits', () => {
  it('counts the token endpoint per client address (429 after its rule)', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true }, rateLimit: { enabled: true } });
    const app = await registerApp(t, { redirectURIs: [] });
    // As a server-side client calls it: no Origin header.
    const token = (ip: string, secret: string) =>
      t.auth.handler(
        new Request(`${ISSUER}/oidc/token`, {
          method: 'POST',
          body: 'grant_type=client_credentials',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${app.clientId}:${secret}`).toString('base64')}`,
          },
        }),
        { ip },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await token('127.0.0.1', 'wrong')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Another address is counted apart.
    const other = await token('203.0.113.9', app.clientSecret!);
    expect(other.status).toBe(200);
  });
});
