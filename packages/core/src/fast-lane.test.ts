import { describe, expect, it } from 'vitest';
import type { GatehouseOptions } from './plugins/index.js';
import { defaultTestDialect } from './test/databases.js';
import { useTestClients, type CookieJar, type TestClient } from './test/harness.js';

let t: TestClient;
const clients = useTestClients();

/** What the fast lane answers for a GET with these cookies; `undefined` when it hands the request on. */
async function lane(path: '/get-session' | '/list-sessions', jar: CookieJar | null = t.jar, ip = '127.0.0.1', headers: Record<string, string> = {}) {
  const lane = await t.auth.fastLane();
  const all: Record<string, string> = { ...headers, ...(jar?.cookies.size ? { cookie: jar.header() } : {}) };
  return lane.answer({ target: `/api/auth${path}`, header: (name) => all[name], ip });
}

/** The general route's answer to the same request: a query string keeps it out of the lane. */
async function general(path: '/get-session' | '/list-sessions', jar: CookieJar | null = t.jar) {
  const res = await t.request(`${path}?via=route`, { jar });
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie() };
}

async function both(path: '/get-session' | '/list-sessions', options?: { jar?: CookieJar | null }) {
  const jar = options?.jar === undefined ? t.jar : options.jar;
  const fast = await lane(path, jar);
  const slow = await general(path, jar);
  return { fast, slow };
}

describe('the fast lane answers exactly as the general route', () => {
  const configs: [string, GatehouseOptions][] = [
    ['cookie cache off', {}],
    ['cookie cache on', { session: { cookieCache: { enabled: true } } }],
  ];
  for (const [label, options] of configs) {
    it(`get-session and list-sessions, signed in and not (${label})`, async () => {
      t = await clients.open(options);
      for (const path of ['/get-session', '/list-sessions'] as const) {
        const { fast, slow } = await both(path, { jar: null });
        expect(fast).toBeDefined();
        expect({ status: fast!.status, body: fast!.body }).toEqual({ status: slow.status, body: slow.body });
      }
      await t.signUp();
      await t.signUp({}, t.newJar());
      for (const path of ['/get-session', '/list-sessions'] as const) {
        const { fast, slow } = await both(path);
        expect(fast).toBeDefined();
        expect(slow.cookies).toEqual([]);
        expect(fast!.status).toBe(200);
        expect(JSON.parse(fast!.body)).toEqual(JSON.parse(slow.body));
      }
    });
  }

  it("refuses in the request's language, as the general route does", async () => {
    t = await clients.open();
    const headers = { 'accept-language': 'de-DE,de;q=0.9' };
    const fast = await lane('/list-sessions', null, '127.0.0.1', headers);
    const res = await t.request('/list-sessions?via=route', { jar: null, headers });
    expect(fast).toBeDefined();
    expect({ status: fast!.status, body: fast!.body }).toEqual({ status: res.status, body: await res.text() });
    expect(JSON.parse(fast!.body).code).toBe('UNAUTHORIZED');
    expect(JSON.parse(fast!.body).message).not.toBe('Unauthorized');
  });

  it.runIf(defaultTestDialect() === 'sqlite')('on SQLite it answers in the same tick, with prepared statements', async () => {
    t = await clients.open();
    await t.signUp();
    const lane = await t.auth.fastLane();
    for (const target of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const answer = lane.answer({ target, header: (name) => (name === 'cookie' ? t.jar.header() : undefined), ip: '127.0.0.1' });
      expect(answer).not.toBeInstanceOf(Promise);
      expect((answer as { status: number }).status).toBe(200);
    }
  });

  it('a forged or foreign cookie is no session, on both paths', async () => {
    t = await clients.open();
    const { data } = await t.signUp();
    const jar = t.newJar();
    jar.cookies.set('better-auth.session_token', `${String(data.token)}.${'A'.repeat(43)}`);
    const { fast, slow } = await both('/get-session', { jar });
    expect(fast?.body).toBe('null');
    expect(slow.body).toBe('null');
    const list = await both('/list-sessions', { jar });
    expect(list.fast?.status).toBe(401);
    expect(JSON.parse(list.fast!.body)).toEqual(JSON.parse(list.slow.body));
  });
});

describe('a page on another origin', () => {
  const app = 'https://app.example.com';
  const corsOf = (headers: Record<string, string> | Headers | undefined) => {
    const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers?.[name]) ?? null;
    return { origin: get('access-control-allow-origin'), credentials: get('access-control-allow-credentials'), vary: get('vary') };
  };

  it('gets from the lane the CORS headers the general route gives: a trusted origin, and none for another', async () => {
    t = await clients.open({ trustedOrigins: [app] });
    await t.signUp();
    for (const path of ['/get-session', '/list-sessions'] as const) {
      for (const origin of [app, 'https://evil.example']) {
        const fast = await lane(path, t.jar, '127.0.0.1', { origin });
        const slow = await t.request(`${path}?via=route`, { headers: { origin } });
        expect(fast?.status).toBe(200);
        expect(corsOf(fast!.headers)).toEqual(corsOf(slow.headers));
        expect(corsOf(fast!.headers).origin).toBe(origin === app ? app : null);
      }
    }
    // Signed out: the 401 of list-sessions names the trusted origin too, so its page can read why.
    const refused = await lane('/list-sessions', null, '127.0.0.1', { origin: app });
    expect(refused?.status).toBe(401);
    expect(corsOf(refused!.headers)).toEqual({ origin: app, credentials: 'true', vary: 'Origin' });
  });

  it('through auth.handler, a lane answer carries its CORS headers once', async () => {
    t = await clients.open({ trustedOrigins: [app] });
    await t.signUp();
    const res = await t.auth.handler(new Request('http://localhost:3000/api/auth/get-session', { headers: { origin: app, cookie: t.jar.header() } }));
    expect(res.status).toBe(200);
    expect(corsOf(res.headers)).toEqual({ origin: app, credentials: 'true', vary: 'Origin' });
  });
});

describe('what the lane hands on', () => {
  it('an expired session: the route deletes it and clears the cookies', async () => {
    t = await clients.open();
    await t.signUp();
    t.clock.advance(604800 + 1);
    expect(await lane('/get-session')).toBeUndefined();
    expect(await lane('/list-sessions')).toBeUndefined();
    const res = await t.request('/get-session');
    expect(await res.text()).toBe('null');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;'))).toBe(true);
  });

  it('a renewal due: the route renews and sets the cookie, then the lane answers again', async () => {
    t = await clients.open();
    await t.signUp();
    expect(await lane('/get-session')).toBeDefined();
    t.clock.advance(86400 + 1);
    expect(await lane('/get-session')).toBeUndefined();
    expect(await lane('/list-sessions')).toBeUndefined();
    const renewed = await t.request('/get-session');
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    const again = await lane('/get-session');
    expect(JSON.parse(again!.body).session.expiresAt).toBe(new Date(t.clock.ms + 604800 * 1000).toISOString());
  });

  it('with the cookie cache on and no cache cookie: the route writes one, then the lane answers from it', async () => {
    t = await clients.open({ session: { cookieCache: { enabled: true } } });
    await t.signUp();
    t.jar.cookies.delete('better-auth.session_data');
    expect(await lane('/get-session')).toBeUndefined();
    const res = await t.request('/get-session');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data='))).toBe(true);
    expect(await lane('/get-session')).toBeDefined();
  });
});

describe('answers follow every change at once (cookie cache off)', () => {
  it('a changed user, a revoked session, a new session', async () => {
    t = await clients.open();
    await t.signUp({ name: 'Before' });
    expect(JSON.parse((await lane('/get-session'))!.body).user.name).toBe('Before');
    await t.request('/update-user', { body: { name: 'After' } });
    expect(JSON.parse((await lane('/get-session'))!.body).user.name).toBe('After');

    const other = t.newJar();
    const { email, password } = await t.signUp({}, other);
    const second = t.newJar();
    await t.request('/sign-in/email', { body: { email, password }, jar: second });
    const listed = JSON.parse((await lane('/list-sessions', other))!.body) as { id: string; token: string; current: boolean }[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);

    const notCurrent = listed.find((s) => !s.current)!;
    const revoked = await t.request('/revoke-session', { body: { token: notCurrent.token }, jar: other });
    expect(revoked.status).toBe(200);
    expect(JSON.parse((await lane('/list-sessions', other))!.body)).toHaveLength(1);
    // The revoked one is gone for its holder: the route answers it (and clears its cookies).
    expect(await lane('/get-session', second)).toBeUndefined();
    expect(await (await t.request('/get-session', { jar: second })).text()).toBe('null');

    await t.request('/sign-in/email', { body: { email, password }, jar: t.newJar() });
    expect(JSON.parse((await lane('/list-sessions', other))!.body)).toHaveLength(2);
  });

  it('a listed session that expires drops out of the list without any write', async () => {
    // No renewal due within the test: the lane answers throughout.
    t = await clients.open({ session: { updateAge: 3 * 86400 } });
    const { email, password } = await t.signUp();
    await t.request('/sign-in/email', { body: { email, password, rememberMe: false }, jar: t.newJar() });
    expect(JSON.parse((await lane('/list-sessions'))!.body)).toHaveLength(2);
    t.clock.advance(86400 - 60);
    expect(JSON.parse((await lane('/list-sessions'))!.body)).toHaveLength(2);
    t.clock.advance(120);
    // The not-remembered one (1 day) has expired.
    expect(JSON.parse((await lane('/list-sessions'))!.body)).toHaveLength(1);
    expect((await t.json<unknown[]>('/list-sessions?via=route')).data).toHaveLength(1);
  });
});

describe('rate limits in the lane', () => {
  it('counts each answer once and refuses over the limit with Retry-After', async () => {
    t = await clients.open({ rateLimit: { enabled: true, customRules: { '/get-session': { window: 60, max: 3 } } } });
    await t.signUp();
    for (let i = 0; i < 3; i++) expect((await lane('/get-session'))!.status).toBe(200);
    const refused = (await lane('/get-session'))!;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers!['Retry-After'])).toBeGreaterThan(0);
    // The general route shares the counter.
    expect((await t.request('/get-session')).status).toBe(429);
    // Another client has its own.
    expect((await lane('/get-session', t.jar, '10.1.2.3'))!.status).toBe(200);
  });

  it('a request the lane hands on is counted once, by the route', async () => {
    t = await clients.open({ rateLimit: { enabled: true, customRules: { '/get-session': { window: 60, max: 2 } } } });
    await t.signUp();
    t.clock.advance(86400 + 1);
    expect(await lane('/get-session')).toBeUndefined();
    expect((await t.request('/get-session')).status).toBe(200);
    expect((await t.request('/get-session')).status).toBe(200);
    expect((await t.request('/get-session')).status).toBe(429);
  });

  it('keys behind trusted proxies on the forwarded client', async () => {
    t = await clients.open({
      advanced: { trustedProxies: ['10.0.0.1'] },
      rateLimit: { enabled: true, customRules: { '/get-session': { window: 60, max: 1 } } },
    });
    expect((await lane('/get-session', null, '10.0.0.1', { 'x-forwarded-for': '203.0.113.5' }))!.status).toBe(200);
    expect((await lane('/get-session', null, '10.0.0.1', { 'x-forwarded-for': '203.0.113.5' }))!.status).toBe(429);
    expect((await lane('/get-session', null, '10.0.0.1', { 'x-forwarded-for': '203.0.113.6' }))!.status).toBe(200);
  });
});
