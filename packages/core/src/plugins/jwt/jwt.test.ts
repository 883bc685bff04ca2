import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, generateKeyPair, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { Encrypter, type TestClient, useTestClients } from '../../test-kit.js';
import type { JwtOptions } from './config.js';
import { KeySet } from './keys.js';
import { jwtOf } from './state.js';

const clients = useTestClients();
const BASE = 'http://localhost:3000';
const open = (jwt: JwtOptions = {}) => clients.open({ jwt: { enabled: true, ...jwt } });

const token = async (t: TestClient, jar = t.jar) => (await t.json<{ token: string }>('/token', { jar })).data.token;
const jwks = async (t: TestClient) => (await t.json<JSONWebKeySet>('/jwks', { jar: null })).data;
/** jose's verification at the test clock's time. */
const verify = async (t: TestClient, jwt: string, set?: JSONWebKeySet) =>
  jwtVerify(jwt, createLocalJWKSet(set ?? (await jwks(t))), { issuer: BASE, audience: BASE, currentDate: new Date(t.clock.ms) });

describe('jwt: off unless configured', () => {
  it('has no routes, no jwks table use and says so in /providers', async () => {
    const t = await clients.open();
    await t.signUp();
    expect((await t.json('/token')).status).toBe(404);
    expect((await t.json('/jwks')).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.jwt).toBe(false);
    const r = await t.request('/get-session');
    expect(r.headers.get('set-auth-jwt')).toBeNull();
  });
});

describe('jwt: GET /token', () => {
  it('refuses a caller without a session (401 UNAUTHORIZED)', async () => {
    const t = await open();
    const r = await t.json('/token', { jar: null });
    expect(r.status).toBe(401);
    expect(r.data).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('signs an EdDSA JWT for the session that jose verifies against /jwks: sub, iss, aud, iat, exp (15 min), email and name, kid', async () => {
    const t = await open();
    const { email, data } = await t.signUp({ name: 'Ada' });
    const userId = (data.user as { id: string }).id;
    const jwt = await token(t);
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    const set = await jwks(t);
    expect(set.keys).toHaveLength(1);
    expect(set.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: header.kid });
    expect(set.keys[0]).not.toHaveProperty('d');
    const { payload } = await verify(t, jwt, set);
    const now = Math.floor(t.clock.ms / 1000);
    expect(payload).toEqual({ sub: userId, iss: BASE, aud: BASE, iat: now, exp: now + 900, email, name: 'Ada' });
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.jwt).toBe(true);
  });

  it('follows the options: ES256 or RS256, issuer, audience, lifetime, definePayload', async () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const t = await open({
        alg,
        issuer: 'https://id.example',
        audience: ['api-1', 'api-2'],
        expirationTime: 60,
        definePayload: ({ user }) => ({ role: 'reader', uid: user.id }),
      });
      const { data } = await t.signUp();
      const jwt = await token(t);
      expect(decodeProtectedHeader(jwt).alg).toBe(alg);
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(await jwks(t)), {
        issuer: 'https://id.example',
        audience: 'api-2',
        currentDate: new Date(t.clock.ms),
      });
      expect(payload).toMatchObject({ role: 'reader', uid: (data.user as { id: string }).id, aud: ['api-1', 'api-2'] });
      expect(payload.exp! - payload.iat!).toBe(60);
      expect(payload).not.toHaveProperty('email');
    }
  });

  it('tokens signed at once, for many users and again for each, are each the right user’s and verify', async () => {
    const t = await open();
    const people = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const jar = t.newJar();
        const { data } = await t.signUp({}, jar);
        return { jar, id: (data.user as { id: string }).id };
      }),
    );
    await token(t, people[0]!.jar); // the first token makes the key
    const set = await jwks(t);
    // Three rounds: the first makes each user's kept payload prefix, the others sign from it.
    const asked = [...people, ...people, ...people];
    const tokens = await Promise.all(asked.map(({ jar }) => token(t, jar)));
    for (const [i, jwt] of tokens.entries()) {
      const { payload } = await verify(t, jwt, set);
      expect(payload.sub).toBe(asked[i]!.id);
    }
  });

  it('refuses bad options at start', async () => {
    await expect(clients.open({ jwt: { enabled: true, alg: 'HS256' as never } }).then((t) => t.json('/jwks'))).rejects.toThrow(/jwt.alg/);
    await expect(clients.open({ jwt: { enabled: true, expirationTime: -1 } }).then((t) => t.json('/jwks'))).rejects.toThrow(/expirationTime/);
  });
});

describe('jwt: keys', () => {
  it('keeps the private key encrypted at rest, one key until the rotation', async () => {
    const t = await open();
    await t.signUp();
    const first = await token(t);
    const second = await token(t);
    expect(decodeProtectedHeader(first).kid).toBe(decodeProtectedHeader(second).kid);
    const ctx = await t.auth.context();
    const rows = await ctx.adapter.findMany<{ privateKey: string; publicKey: string }>('jwks', {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.privateKey).toMatch(/^v1\./);
    expect(rows[0]!.privateKey).not.toContain('"d"');
    expect(JSON.parse(ctx.encrypter.decrypt(rows[0]!.privateKey)!)).toHaveProperty('d');
    expect(JSON.parse(rows[0]!.publicKey)).not.toHaveProperty('d');
  });

  it('rotates on schedule: the new key signs, the old one stays published until its tokens expire plus the grace period', async () => {
    const t = await open({ rotationInterval: 3600, gracePeriod: 600, expirationTime: 900 });
    await t.signUp();
    const old = await token(t);
    t.clock.advance(3600);
    const fresh = await token(t);
    const oldKid = decodeProtectedHeader(old).kid;
    const newKid = decodeProtectedHeader(fresh).kid;
    expect(newKid).not.toBe(oldKid);
    const set = await jwks(t);
    expect(set.keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    await expect(verify(t, fresh, set)).resolves.toBeTruthy();
    // The first token itself has expired by now (900 s); the old key stays for tokens signed just before the rotation.
    await expect(verify(t, old, set)).rejects.toThrow(/exp/);
    // Past the old key's last token's expiry plus grace, it is gone.
    t.clock.advance(900 + 600);
    expect((await jwks(t)).keys.map((k) => k.kid)).toEqual([newKid]);
  });

  it('verifies with createRemoteJWKSet over HTTP, before and after a rotation', async () => {
    const t = await open({ rotationInterval: 3600 });
    await t.signUp();
    const server = createServer(async (req, res) => {
      const answer = await t.request(`${BASE}${req.url}`, { jar: null });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/jwks`);
      const before = await token(t);
      const opts = () => ({ issuer: BASE, audience: BASE, currentDate: new Date(t.clock.ms) });
      expect((await jwtVerify(before, createRemoteJWKSet(url), opts())).payload.sub).toBeTruthy();
      t.clock.advance(3600 - 60);
      const lastOld = await token(t);
      t.clock.advance(60);
      const after = await token(t);
      const remote = createRemoteJWKSet(url);
      expect((await jwtVerify(after, remote, opts())).protectedHeader.kid).toBe(decodeProtectedHeader(after).kid);
      expect((await jwtVerify(lastOld, remote, opts())).protectedHeader.kid).toBe(decodeProtectedHeader(before).kid);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a key sealed with a secret no longer known is replaced, never used', async () => {
    const t = await open({ rotationInterval: 3600 });
    await t.signUp();
    const kid = decodeProtectedHeader(await token(t)).kid!;
    const ctx = await t.auth.context();
    // Another instance over the same database (a fresh key set, nothing cached) signs with a new key.
    const other = new KeySet({ adapter: ctx.adapter, encrypter: new Encrypter(['another secret']), config: jwtOf(ctx).config, now: ctx.now });
    const made = await other.signingKey();
    expect(made.kid).not.toBe(kid);
    expect((await jwks(t)).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([kid, made.kid]));
  });
});

describe('jwt: forged tokens are refused by jose', () => {
  it('refuses a token signed by another key with the same kid, an unknown kid, an expired one, a tampered one', async () => {
    const t = await open();
    await t.signUp();
    const good = await token(t);
    const set = await jwks(t);
    const kid = decodeProtectedHeader(good).kid!;
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forge = (k: string) =>
      new SignJWT({ email: 'mallory@example.com' })
        .setProtectedHeader({ alg: 'EdDSA', kid: k })
        .setIssuer(BASE)
        .setAudience(BASE)
        .setSubject('someone')
        .setIssuedAt(Math.floor(t.clock.ms / 1000))
        .setExpirationTime(Math.floor(t.clock.ms / 1000) + 900)
        .sign(privateKey);
    await expect(verify(t, await forge(kid), set)).rejects.toThrow(/signature verification failed/);
    await expect(verify(t, await forge('not-a-kid'), set)).rejects.toThrow(/no applicable key found/);
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')}.${s}`;
    await expect(verify(t, tampered, set)).rejects.toThrow(/signature verification failed/);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${p}.`;
    await expect(verify(t, none, set)).rejects.toThrow();
    t.clock.advance(901);
    await expect(verify(t, good, set)).rejects.toThrow(/"exp" claim timestamp check failed/);
    await expect(jwtVerify(good, createLocalJWKSet(set), { issuer: 'https://other.example', currentDate: new Date(t.clock.ms - 2000) })).rejects.toThrow(/iss/);
  });
});

describe('jwt: set-auth-jwt on get-session', () => {
  it('answers a JWT for the session in set-auth-jwt, readable cross-origin; none without a session', async () => {
    const t = await open();
    const { data } = await t.signUp();
    const r = await t.request('/get-session');
    expect(r.status).toBe(200);
    const jwt = r.headers.get('set-auth-jwt')!;
    expect((await verify(t, jwt)).payload.sub).toBe((data.user as { id: string }).id);
    expect(r.headers.get('access-control-expose-headers')).toBe('set-auth-jwt');
    expect((await r.json()).user.id).toBe((data.user as { id: string }).id);
    const none = await t.request('/get-session', { jar: null });
    expect(await none.json()).toBeNull();
    expect(none.headers.get('set-auth-jwt')).toBeNull();
  });

  it('the fast lane hands get-session on (it cannot add the header); with disableSettingJwtHeader it answers as always', async () => {
    const t = await open();
    await t.signUp();
    const lane = await t.auth.fastLane();
    expect(lane.handles('/api/auth/get-session')).toBe(false);
    expect(lane.handles('/api/auth/list-sessions')).toBe(true);
    const quiet = await open({ disableSettingJwtHeader: true });
    await quiet.signUp();
    expect((await quiet.auth.fastLane()).handles('/api/auth/get-session')).toBe(true);
    expect((await quiet.request('/get-session')).headers.get('set-auth-jwt')).toBeNull();
  });
});
