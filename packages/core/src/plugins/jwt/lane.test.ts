import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import type { JwtOptions } from './config.js';

const clients = useTestClients();
const open = (jwt: JwtOptions = {}, options: Record<string, unknown> = {}) => clients.open({ jwt: { enabled: true, ...jwt }, ...options });

/** What the fast lane answers to GET /token with these cookies; `undefined` when it hands the request on. */
async function lane(t: TestClient, jar: CookieJar | null = t.jar, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers, ...(jar?.cookies.size ? { cookie: jar.header() } : {}) };
  return (await t.auth.fastLane()).answer({ target: '/api/auth/token', header: (name) => all[name], ip: '127.0.0.1' });
}

/** The general route's answer to the same request: a query string keeps it out of the lane. */
async function general(t: TestClient, jar: CookieJar | null = t.jar, headers: Record<string, string> = {}) {
  const res = await t.request('/token?via=route', { jar, headers });
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie(), cors: res.headers.get('access-control-allow-origin') };
}

describe('jwt: GET /token on the fast lane', () => {
  it('answers what the route answers (the same claims, the same key; Ed25519 signs the same bytes), and 401 without a session', async () => {
    const t = await open({ definePayload: ({ user, session }) => ({ email: user.email, expires: session.expiresAt, roles: ['a', 'b'] }) });
    const none = await lane(t, null);
    const noneRoute = await general(t, null);
    expect(none).toMatchObject({ status: 401, body: noneRoute.body });
    await t.signUp();
    // The first token makes the key: the route's (it writes the key).
    expect(await lane(t)).toBeUndefined();
    const first = await general(t);
    expect(first.status).toBe(200);
    const fast = await lane(t);
    const slow = await general(t);
    expect(slow.cookies).toEqual([]);
    expect(fast).toMatchObject({ status: 200 });
    // Ed25519 is deterministic: the same claims at the same second, under the same key, are the same token.
    expect(fast!.body).toBe(slow.body);
    expect(decodeJwt(JSON.parse(fast!.body).token)).toMatchObject({ roles: ['a', 'b'], expires: expect.any(String) });
  });

  it('answers a page on a trusted origin with the route CORS headers', async () => {
    const app = 'https://app.example.com';
    const t = await open({}, { trustedOrigins: [app] });
    await t.signUp();
    await general(t);
    const fast = await lane(t, t.jar, { origin: app });
    const slow = await general(t, t.jar, { origin: app });
    expect(fast!.headers?.['Access-Control-Allow-Origin'] ?? fast!.headers?.['access-control-allow-origin']).toBe(slow.cors);
  });

  it('hands on a renewal due (the route renews and sets the cookie), then answers again', async () => {
    const t = await open();
    await t.signUp();
    await general(t);
    expect(await lane(t)).toBeDefined();
    t.clock.advance(86400 + 1);
    expect(await lane(t)).toBeUndefined();
    const renewed = await general(t);
    expect(renewed.cookies.some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    expect(await lane(t)).toBeDefined();
  });

  it('hands on a key rotation due: the route makes the new key, then the lane signs with it', async () => {
    const t = await open({ rotationInterval: 3600 }, { session: { expiresIn: 30 * 86400, updateAge: 10 * 86400 } });
    await t.signUp();
    await general(t);
    const before = await lane(t);
    t.clock.advance(3601);
    expect(await lane(t)).toBeUndefined();
    await general(t);
    const after = await lane(t);
    const kid = (answer: typeof before) => JSON.parse(Buffer.from(JSON.parse(answer!.body).token.split('.')[0], 'base64url').toString()).kid;
    expect(kid(after)).not.toBe(kid(before));
  });

  it('an error of definePayload is the route error answer (500), counted by the rate limit', async () => {
    let fail = false;
    const t = await open(
      {
        definePayload: ({ user }) => {
          if (fail) throw new Error('payload failed');
          return { email: user.email };
        },
      },
      { rateLimit: { enabled: true, customRules: { '/token': { window: 60, max: 4 } } } },
    );
    await t.signUp();
    await general(t);
    fail = true;
    const fast = await lane(t);
    const slow = await general(t);
    expect(fast!.status).toBe(500);
    expect(slow.status).toBe(500);
    expect(JSON.parse(fast!.body).code).toBe(JSON.parse(slow.body).code);
    fail = false;
    // Counted: the first route answer, the failed pair, this one: the fifth is refused on both paths.
    expect((await lane(t))!.status).toBe(200);
    expect((await lane(t))!.status).toBe(429);
    expect((await general(t)).status).toBe(429);
  });

  it('a plugin whose hooks add to /token keeps it off the lane', async () => {
    const t = await open({}, { plugins: [{ id: 'adds-to-token', handsOn: ['/token'] }] });
    await t.signUp();
    await general(t);
    expect(await lane(t)).toBeUndefined();
  });
});
