import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { asAdmin, authorizationRequest, browser, codeFor, ISSUER, REDIRECT_URI, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();

/** A POST to one of the provider's endpoints, as a server-side client sends it (no Origin). */
function post(t: Awaited<ReturnType<typeof asAdmin>>, path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  return t.auth.handler(
    new Request(`${ISSUER}${path}`, {
      method: 'POST',
      body: new URLSearchParams(params),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    }),
    { ip: '127.0.0.1' },
  );
}

describe('oidcProvider: pushed authorization requests (RFC 9126), required per application', () => {
  it('signs in through PAR; an application that requires it refuses a plain authorization request', async () => {
    const t = await asAdmin(clients);
    const app = await registerApp(t, { settings: { requirePAR: true } });
    expect(app.settings).toEqual({ deviceFlow: false, requirePAR: true, requireDPoP: false, resources: [] });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    expect(rp.serverMetadata().pushed_authorization_request_endpoint).toBe(`${ISSUER}/oidc/par`);

    const flow = await codeFor(t, rp, {}, { par: true });
    expect(new URL(flow.url).searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    const tokens = await client.authorizationCodeGrant(rp, flow.callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()!.aud).toBe(app.clientId);

    const plain = await authorizationRequest(rp);
    const back = new URL(await browser(t).follow(plain.url));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/pushed authorization request must be used/i);

    // Turned off by the admin: a plain request works again.
    const off = await t.json('/oauth2/update-application', { body: { clientId: app.clientId, settings: { requirePAR: false } } });
    expect(off.status).toBe(200);
    const again = await codeFor(t, rp);
    expect(again.callback.searchParams.get('code')).toBeTruthy();
  });
});

describe('oidcProvider: DPoP sender-constrained tokens (RFC 9449)', () => {
  it("binds the tokens to the client's key: userinfo takes them with a proof of that key, refuses another key's", async () => {
    const t = await asAdmin(clients);
    const app = await registerApp(t, { public: true, settings: { requireDPoP: true } });
    const rp = await relyingParty(t, app.clientId);
    const keys = await client.randomDPoPKeyPair('ES256');
    const DPoP = client.getDPoPHandle(rp, keys);
    const flow = await codeFor(t, rp, { scope: 'openid email offline_access', prompt: 'consent' }, { DPoP });
    const tokens = await client.authorizationCodeGrant(
      rp,
      flow.callback,
      { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce },
      undefined,
      { DPoP },
    );
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    const sub = tokens.claims()!.sub;
    expect((await client.fetchUserInfo(rp, tokens.access_token, sub, { DPoP })).sub).toBe(sub);

    // Another key's proof: refused.
    const thief = client.getDPoPHandle(rp, await client.randomDPoPKeyPair('ES256'));
    await expect(client.fetchUserInfo(rp, tokens.access_token, sub, { DPoP: thief })).rejects.toMatchObject({ status: 401 });
    // One proof used twice at userinfo: the second is a replay, refused.
    const ath = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tokens.access_token))).toString('base64url');
    const proof = await new SignJWT({ htm: 'GET', htu: `${ISSUER}/oidc/userinfo`, jti: crypto.randomUUID(), ath })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(keys.publicKey) })
      .setIssuedAt()
      .sign(keys.privateKey);
    const userinfo = () => t.auth.handler(new Request(`${ISSUER}/oidc/userinfo`, { headers: { authorization: `DPoP ${tokens.access_token}`, dpop: proof } }));
    expect((await userinfo()).status).toBe(200);
    const replayed = await userinfo();
    expect(replayed.status).toBe(401);
    expect(replayed.headers.get('www-authenticate')).toMatch(/^DPoP .*error="invalid_token"/);
    // The token as a bearer token: refused.
    const bearer = await t.auth.handler(new Request(`${ISSUER}/oidc/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } }));
    expect(bearer.status).toBe(401);
    // The refresh token of a public client is bound too: another key cannot use it.
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token!, undefined, { DPoP: thief })).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await client.refreshTokenGrant(rp, tokens.refresh_token!, undefined, { DPoP })).token_type.toLowerCase()).toBe('dpop');
  });

  it('refuses a token request without a proof when the application requires DPoP, and a replayed proof, one sent after another or at once', async () => {
    const t = await asAdmin(clients);
    const app = await registerApp(t, { name: 'Worker', redirectURIs: [], settings: { requireDPoP: true } });
    const basic = { authorization: `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}` };
    const none = await post(t, '/oidc/token', { grant_type: 'client_credentials' }, basic);
    expect(none.status).toBe(400);
    // oidc-provider says invalid_grant ('DPoP proof JWT not provided' in its log); the same request with a proof passes below.
    expect(await none.json()).toMatchObject({ error: 'invalid_grant' });

    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proofOf = () =>
      new SignJWT({ htm: 'POST', htu: `${ISSUER}/oidc/token`, jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(privateKey);
    const proof = await proofOf();
    const first = await post(t, '/oidc/token', { grant_type: 'client_credentials' }, { ...basic, dpop: proof });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { token_type: string; access_token: string };
    expect(body.token_type).toBe('DPoP');
    const replay = await post(t, '/oidc/token', { grant_type: 'client_credentials' }, { ...basic, dpop: proof });
    // The same proof again (its jti seen): refused ('DPoP proof JWT Replay detected'); a fresh proof of the same key passes.
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await post(t, '/oidc/token', { grant_type: 'client_credentials' }, { ...basic, dpop: await proofOf() })).status).toBe(200);

    // One proof sent by ten requests at once: oidc-provider looks its jti up, then saves it, a check
    // every racing request passed; the storage's write of the jti is what decides (one token, nine replays).
    const raced = await proofOf();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(t, '/oidc/token', { grant_type: 'client_credentials' }, { ...basic, dpop: raced })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    for (const r of answers.filter((r) => r.status === 400)) expect(await r.json()).toMatchObject({ error: 'invalid_grant' });

    // The token carries the key's thumbprint (cnf.jkt) for the resource server to check.
    const seen = await post(t, '/oidc/introspect', { token: body.access_token }, basic);
    expect(await seen.json()).toMatchObject({ active: true, cnf: { jkt: await calculateJwkThumbprint(jwk) } });
  });
});

describe("oidcProvider: dynamic client registration (RFC 7591) with an admin's initial access token", () => {
  it('is off unless configured', async () => {
    const t = await asAdmin(clients);
    expect((await t.json<Record<string, unknown>>('/.well-known/openid-configuration')).data.registration_endpoint).toBeUndefined();
    expect((await t.json('/oauth2/initial-access-token', { body: {} })).data).toMatchObject({ code: 'REGISTRATION_DISABLED' });
  });

  it('registers one client with an initial access token: a refused registration leaves it, a second one is refused, and of ten at once one registers', async () => {
    const t = await asAdmin(clients, { dynamicRegistration: true });
    const robot = {
      client_name: 'Robot',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
    };
    const register = (token: string, metadata: Record<string, unknown> = robot) =>
      t.auth.handler(
        new Request(`${ISSUER}/oidc/register`, {
          method: 'POST',
          body: JSON.stringify(metadata),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        }),
        { ip: '127.0.0.1' },
      );
    const issue = async () => (await t.json<{ token: string }>('/oauth2/initial-access-token', { body: {} })).data.token;
    const token = await issue();
    // Metadata the provider refuses: the token is not used up by it.
    const refused = await register(token, { ...robot, token_endpoint_auth_method: 'no-such-method' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect((await register(token)).status).toBe(201);
    const second = await register(token, { ...robot, client_name: 'Another robot' });
    expect(second.status).toBe(401);
    expect(await second.json()).toMatchObject({ error: 'invalid_token' });

    const raced = await issue();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => register(raced, { ...robot, client_name: `Robot ${i}` })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(401)]);
    // Two tokens, two clients registered (the refused and the raced ones left nothing).
    expect((await t.json<unknown[]>('/oauth2/list-registered-clients')).data).toHaveLength(2);
  });

  it('takes a client assertion (private_key_jwt) once, also when ten requests send it at once', async () => {
    const t = await asAdmin(clients, { dynamicRegistration: true });
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const issued = await t.json<{ token: string }>('/oauth2/initial-access-token', { body: {} });
    const registered = await t.auth.handler(
      new Request(`${ISSUER}/oidc/register`, {
        method: 'POST',
        body: JSON.stringify({
          client_name: 'Signer',
          redirect_uris: [],
          grant_types: ['client_credentials'],
          response_types: [],
          token_endpoint_auth_method: 'private_key_jwt',
          token_endpoint_auth_signing_alg: 'ES256',
          jwks: { keys: [{ ...(await exportJWK(publicKey)), use: 'sig', alg: 'ES256' }] },
        }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${issued.data.token}` },
      }),
      { ip: '127.0.0.1' },
    );
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const assertionOf = () =>
      new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(ISSUER)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(privateKey);
    const grant = (assertion: string) =>
      post(t, '/oidc/token', {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      });
    const once = await assertionOf();
    expect((await grant(once)).status).toBe(200);
    const again = await grant(once);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'invalid_client' });
    // One assertion sent by ten requests at once: one token, nine replays.
    const raced = await assertionOf();
    const answers = await Promise.all(Array.from({ length: 10 }, () => grant(raced)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it("registers a client with the admin's token; refuses none, a wrong one and a non-admin asking for one", async () => {
    const t = await asAdmin(clients, { dynamicRegistration: true });
    await t.json('/oauth2/create-resource-server', { body: { identifier: 'https://notes.example/api', name: 'Notes API', scopes: ['read:notes'] } });
    // It asks for an API too: registration drops that (only an admin's settings list APIs).
    const metadata = {
      client_name: 'Robot',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
      gatehouse_resources: ['https://notes.example/api'],
    };
    const register = (headers: Record<string, string>) =>
      t.auth.handler(
        new Request(`${ISSUER}/oidc/register`, { method: 'POST', body: JSON.stringify(metadata), headers: { 'content-type': 'application/json', ...headers } }),
        { ip: '127.0.0.1' },
      );
    const without = await register({});
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ error: 'invalid_token' });
    const wrong = await register({ authorization: 'Bearer not-a-token' });
    expect(wrong.status).toBe(401);

    const issued = await t.json<{ token: string; expiresAt: string; registrationEndpoint: string }>('/oauth2/initial-access-token', { body: {} });
    expect(issued.status).toBe(200);
    expect(issued.data.registrationEndpoint).toBe(`${ISSUER}/oidc/register`);
    const fetcher: client.CustomFetch = (url, init) => t.auth.handler(new Request(url, init as RequestInit), { ip: '127.0.0.1' });
    const robot = await client.dynamicClientRegistration(new URL(ISSUER), metadata, undefined, {
      initialAccessToken: issued.data.token,
      execute: [client.allowInsecureRequests],
      [client.customFetch]: fetcher,
    });
    const registered = robot.clientMetadata();
    expect(registered.client_name).toBe('Robot');
    expect(registered.client_id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(typeof registered.client_secret).toBe('string');
    // It can get tokens; it could not give itself APIs.
    const tokens = await client.clientCredentialsGrant(robot, {});
    expect(tokens.access_token).toBeTruthy();
    expect((registered as Record<string, unknown>).gatehouse_resources).toBeUndefined();
    await expect(client.clientCredentialsGrant(robot, { scope: 'read:notes', resource: 'https://notes.example/api' })).rejects.toMatchObject({
      error: 'invalid_target',
    });

    await t.signUp({ name: 'Someone' });
    expect((await t.json('/oauth2/initial-access-token', { body: {} })).status).toBe(403);
  });
});
