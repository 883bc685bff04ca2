import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import {
  activeEmail,
  addAccount,
  type DeviceSession,
  deviceSessions,
  multiCookies,
  multiName,
  SESSION_COOKIE,
  sessionLives,
  withMultiSession,
} from './test-kit.js';

const clients = useTestClients();

const setCookieLine = (r: { response: Response }, name: string) => r.response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));

describe('multi-session: off unless configured', () => {
  it('has no routes, keeps no second cookie and says so in /providers', async () => {
    const t = await clients.open();
    await addAccount(t, 'Ada');
    expect((await deviceSessions(t)).status).toBe(404);
    expect((await t.json('/multi-session/set-active', { body: { sessionToken: 'x' } })).status).toBe(404);
    expect(multiCookies(t.jar)).toEqual([]);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.multiSession).toBe(false);
  });

  it('refuses a maximumSessions that is not a whole number from 1 to 20 at start', async () => {
    for (const maximumSessions of [0, 2.5, 21, -1]) {
      await expect(clients.open(withMultiSession({}, { maximumSessions }))).rejects.toThrow(
        'Gatehouse options: multiSession.maximumSessions: must be a whole number from 1 to 20',
      );
    }
  });
});

describe('GET /multi-session/list-device-sessions', () => {
  it('answers [] without cookies', async () => {
    const t = await clients.open(withMultiSession());
    expect(await deviceSessions(t, t.newJar())).toMatchObject({ status: 200, data: [] });
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.multiSession).toBe(true);
  });

  it('lists every account signed in in this browser, oldest first, as get-session answers each', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(60);
    const bob = await addAccount(t, 'Bob');
    const r = await deviceSessions(t);
    expect(r.status).toBe(200);
    expect(r.data.map((d) => [d.user.email, d.session.token, d.session.userId])).toEqual([
      [ada.email, ada.token, ada.userId],
      [bob.email, bob.token, bob.userId],
    ]);
    // Each entry is shaped like get-session's answer for that session.
    const active = await t.json<DeviceSession>('/get-session');
    expect(r.data[1]).toEqual(active.data);
    // Signing in with the second account kept the first; the active one is the latest.
    expect(await activeEmail(t)).toBe(bob.email);
    expect(multiCookies(t.jar).sort()).toEqual([multiName(ada.token), multiName(bob.token)].sort());
  });

  it('sets each multi cookie with the session cookie’s attributes, signed, and only once per answer', async () => {
    const t = await clients.open(withMultiSession());
    const r = await t.json<{ token: string }>('/sign-up/email', { body: { name: 'Ada', email: 'ada-attrs@example.com', password: 'correct horse battery' } });
    const multi = setCookieLine(r, multiName(r.data.token))!;
    const session = setCookieLine(r, SESSION_COOKIE)!;
    const attrs = (line: string) => line.split('; ').slice(1).join('; ');
    expect(attrs(multi)).toBe(attrs(session));
    expect(multi).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    // Signed like the session cookie: the same value.
    expect(multi.split(';')[0]!.split('=')[1]).toBe(session.split(';')[0]!.split('=')[1]);
    const names = r.response.headers.getSetCookie().map((l) => l.split('=')[0]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses __Secure- and Secure like the session cookie on https, and no Max-Age for a not-remembered sign-in', async () => {
    const t = await clients.open(withMultiSession({ baseURL: 'https://auth.example.com' }));
    const { email, password } = await addAccount(t, 'Ada');
    const r = await t.json<{ token: string }>('/sign-in/email', { body: { email, password, rememberMe: false } });
    const multi = setCookieLine(r, `__Secure-${multiName(r.data.token)}`)!;
    expect(multi).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(multi).not.toMatch(/Max-Age/);
    expect(setCookieLine(r, `__Secure-${SESSION_COOKIE}`)).not.toMatch(/Max-Age/);
  });

  it('leaves out sessions that ended (expired, revoked elsewhere) and clears their cookies', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(6 * 86400);
    const bob = await addAccount(t, 'Bob');
    const carol = await addAccount(t, 'Carol');
    t.clock.advance(2 * 86400); // Ada's session (7 days) is over; Bob's and Carol's are not.
    // Carol signs out everywhere from another browser: this browser's session of hers ends too.
    const elsewhere = t.newJar();
    await t.json('/sign-in/email', { body: { email: carol.email, password: carol.password }, jar: elsewhere });
    await t.json('/revoke-sessions', { method: 'POST', jar: elsewhere });
    const r = await deviceSessions(t);
    expect(r.data.map((d) => d.user.email)).toEqual([bob.email]);
    expect(setCookieLine(r, multiName(ada.token))).toMatch(/Max-Age=0/);
    expect(setCookieLine(r, multiName(carol.token))).toMatch(/Max-Age=0/);
    expect(multiCookies(t.jar)).toEqual([multiName(bob.token)]);
  });

  it('shows the active session even when it has no multi cookie yet (signed in before the plugin ran), and gives it one', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.jar.cookies.delete(multiName(ada.token));
    const r = await deviceSessions(t);
    expect(r.data.map((d) => d.session.token)).toEqual([ada.token]);
    expect(multiCookies(t.jar)).toEqual([multiName(ada.token)]);
    // A new sign-in keeps it as well, giving it its multi cookie.
    t.jar.cookies.delete(multiName(ada.token));
    const bob = await addAccount(t, 'Bob');
    expect(multiCookies(t.jar).sort()).toEqual([multiName(ada.token), multiName(bob.token)].sort());
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([ada.email, bob.email]);
  });

  it('is a server-side call too (auth.api.listDeviceSessions with the cookie header)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const list = await t.auth.api.listDeviceSessions({ headers: { cookie: t.jar.header() } });
    expect(list.map((d) => d.session.token)).toEqual([ada.token]);
  });
});

describe('POST /multi-session/set-active', () => {
  it('switches the active session to another held one and answers it as get-session does', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    await addAccount(t, 'Bob');
    const r = await t.json<DeviceSession>('/multi-session/set-active', { body: { sessionToken: ada.token } });
    expect(r.status).toBe(200);
    expect(r.data.user.email).toBe(ada.email);
    expect(r.data.session.token).toBe(ada.token);
    expect(await activeEmail(t)).toBe(ada.email);
    expect((await t.json<DeviceSession>('/get-session')).data).toEqual(r.data);
    // Both accounts stay in the browser.
    expect((await deviceSessions(t)).data).toHaveLength(2);
    // One Set-Cookie per name: the session cookie to Ada's, her multi cookie renewed.
    const names = r.response.headers.getSetCookie().map((l) => l.split('=')[0]);
    expect(names.sort()).toEqual([SESSION_COOKIE, multiName(ada.token)].sort());
  });

  it('also switches the cookie cache (session_data) and the remember-me opt-out with the session', async () => {
    const t = await clients.open(withMultiSession({ session: { cookieCache: { enabled: true, maxAge: 300 } } }));
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    await t.json('/sign-in/email', { body: { email: bob.email, password: bob.password, rememberMe: false } });
    expect(t.jar.get('better-auth.dont_remember')).toBeDefined();
    await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
    expect(t.jar.get('better-auth.dont_remember')).toBeUndefined();
    expect(await activeEmail(t)).toBe(ada.email);
  });

  it('refuses without a session (401 UNAUTHORIZED) and without a token (400 VALIDATION_ERROR)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const withoutSession = t.newJar();
    withoutSession.cookies.set(multiName(ada.token), t.jar.get(multiName(ada.token))!);
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: ada.token }, jar: withoutSession })).toMatchObject({
      status: 401,
      data: { code: 'UNAUTHORIZED' },
    });
    expect(await t.json('/multi-session/set-active', { body: {} })).toMatchObject({ status: 400, data: { code: 'VALIDATION_ERROR' } });
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: '' } })).toMatchObject({ status: 400, data: { code: 'VALIDATION_ERROR' } });
    expect(await t.json('/multi-session/set-active', { body: { sessionToken: 'x'.repeat(257) } })).toMatchObject({
      status: 400,
      data: { code: 'VALIDATION_ERROR' },
    });
  });

  it('refuses a token this browser does not hold: 401 INVALID_SESSION_TOKEN "Invalid session token"', async () => {
    const t = await clients.open(withMultiSession());
    await addAccount(t, 'Ada');
    const r = await t.json('/multi-session/set-active', { body: { sessionToken: 'nope' } });
    expect(r).toMatchObject({ status: 401, data: { code: 'INVALID_SESSION_TOKEN', message: 'Invalid session token' } });
  });

  it('refuses a held session that has ended (401 INVALID_SESSION_TOKEN) and clears its cookie', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    await addAccount(t, 'Bob');
    const elsewhere = t.newJar();
    await t.json('/sign-in/email', { body: { email: ada.email, password: ada.password }, jar: elsewhere });
    await t.json('/revoke-sessions', { method: 'POST', jar: elsewhere });
    const r = await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
    expect(r).toMatchObject({ status: 401, data: { code: 'INVALID_SESSION_TOKEN' } });
    expect(setCookieLine(r, multiName(ada.token))).toMatch(/Max-Age=0/);
    expect(multiCookies(t.jar)).toHaveLength(1);
  });
});

describe('POST /multi-session/revoke', () => {
  it('ends another held session; the active one stays', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    const r = await t.json('/multi-session/revoke', { body: { sessionToken: ada.token } });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect(await sessionLives(t, ada.token)).toBe(false);
    expect(await activeEmail(t)).toBe(bob.email);
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([bob.email]);
    expect(multiCookies(t.jar)).toEqual([multiName(bob.token)]);
  });

  it('ending the active session switches to the newest other one; ending the last signs the browser out', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(10);
    const bob = await addAccount(t, 'Bob');
    t.clock.advance(10);
    const carol = await addAccount(t, 'Carol');
    await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
    const r = await t.json('/multi-session/revoke', { body: { sessionToken: ada.token } });
    expect(r.data).toEqual({ status: true });
    expect(await activeEmail(t)).toBe(carol.email);
    await t.json('/multi-session/revoke', { body: { sessionToken: carol.token } });
    expect(await activeEmail(t)).toBe(bob.email);
    const last = await t.json('/multi-session/revoke', { body: { sessionToken: bob.token } });
    expect(last.data).toEqual({ status: true });
    expect(await activeEmail(t)).toBeNull();
    expect([...t.jar.cookies.keys()]).toEqual([]);
    expect(await sessionLives(t, bob.token)).toBe(false);
  });

  it('records the end in the audit trail', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    await addAccount(t, 'Bob');
    await t.json('/multi-session/revoke', { body: { sessionToken: ada.token } });
    const events = await (await t.auth.context()).adapter.findMany<{ userId: string; details: { reason: string } }>('auditEvent', {
      where: [{ field: 'type', value: 'multi-session.end' }],
    });
    expect(events).toMatchObject([{ userId: ada.userId, details: { reason: 'revoked' } }]);
  });

  it('refuses a token the browser does not hold (401 INVALID_SESSION_TOKEN), without a session (401) and without a token (400)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    expect(await t.json('/multi-session/revoke', { body: { sessionToken: 'nope' } })).toMatchObject({ status: 401, data: { code: 'INVALID_SESSION_TOKEN' } });
    expect(await t.json('/multi-session/revoke', { body: { sessionToken: ada.token }, jar: t.newJar() })).toMatchObject({
      status: 401,
      data: { code: 'UNAUTHORIZED' },
    });
    expect(await t.json('/multi-session/revoke', { body: { token: ada.token } })).toMatchObject({ status: 400, data: { code: 'VALIDATION_ERROR' } });
    expect(await sessionLives(t, ada.token)).toBe(true);
  });

  it('a held session that already ended is only forgotten', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    await (await t.auth.context()).adapter.delete('session', [{ field: 'userId', value: ada.userId }]);
    expect((await t.json('/multi-session/revoke', { body: { sessionToken: ada.token } })).data).toEqual({ status: true });
    expect(multiCookies(t.jar)).toEqual([multiName(bob.token)]);
    expect(await activeEmail(t)).toBe(bob.email);
  });
});

describe('signing out', () => {
  it('/sign-out ends only the active session and hands the browser to the newest other account', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(10);
    const bob = await addAccount(t, 'Bob');
    const r = await t.json('/sign-out', { method: 'POST' });
    expect(r).toMatchObject({ status: 200, data: { success: true } });
    expect(await sessionLives(t, bob.token)).toBe(false);
    expect(await sessionLives(t, ada.token)).toBe(true);
    // One word per cookie: the session cookie is set to Ada's, not cleared then set.
    const lines = r.response.headers.getSetCookie().filter((l) => l.startsWith(`${SESSION_COOKIE}=`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/Max-Age=0/);
    expect(setCookieLine(r, multiName(bob.token))).toMatch(/Max-Age=0/);
    expect(await activeEmail(t)).toBe(ada.email);
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([ada.email]);
    // The last one signs the browser out as always.
    await t.json('/sign-out', { method: 'POST' });
    expect(await activeEmail(t)).toBeNull();
    expect(await sessionLives(t, ada.token)).toBe(false);
    expect([...t.jar.cookies.keys()]).toEqual([]);
  });

  it('POST /multi-session/sign-out-all ends every session of the browser and clears every cookie', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    // Bob is also signed in in another browser: that session is not this browser's to end.
    const other = t.newJar();
    await t.json('/sign-in/email', { body: { email: bob.email, password: bob.password }, jar: other });
    const r = await t.json('/multi-session/sign-out-all', { method: 'POST' });
    expect(r).toMatchObject({ status: 200, data: { success: true } });
    expect(await sessionLives(t, ada.token)).toBe(false);
    expect(await sessionLives(t, bob.token)).toBe(false);
    expect([...t.jar.cookies.keys()]).toEqual([]);
    expect((await deviceSessions(t)).data).toEqual([]);
    expect(await activeEmail(t, other)).toBe(bob.email);
    // Without any session it still answers.
    expect((await t.json('/multi-session/sign-out-all', { method: 'POST', jar: t.newJar() })).data).toEqual({ success: true });
  });

  it('a write that ends the active session otherwise (revoke-sessions, delete-user) also switches; a read that finds it gone does not', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    await t.json('/revoke-sessions', { method: 'POST' });
    expect(await sessionLives(t, bob.token)).toBe(false);
    expect(await activeEmail(t)).toBe(ada.email);
    const carol = await addAccount(t, 'Carol');
    await t.json('/delete-user', { body: { password: carol.password } });
    expect(await activeEmail(t)).toBe(ada.email);
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([ada.email]);
    // Ada's session ends elsewhere: get-session answers null and switches to nobody.
    const dave = await addAccount(t, 'Dave');
    await (await t.auth.context()).sessions.revoke((await (await t.auth.context()).sessions.find(dave.token))!.session.id);
    expect(await activeEmail(t)).toBeNull();
    expect(await sessionLives(t, ada.token)).toBe(true);
  });
});

describe('how many, and whose', () => {
  it('keeps at most maximumSessions per browser: the oldest is signed out', async () => {
    const t = await clients.open(withMultiSession({}, { maximumSessions: 2 }));
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(10);
    const bob = await addAccount(t, 'Bob');
    t.clock.advance(10);
    const carol = await addAccount(t, 'Carol');
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([bob.email, carol.email]);
    expect(await sessionLives(t, ada.token)).toBe(false);
    expect(multiCookies(t.jar).sort()).toEqual([multiName(bob.token), multiName(carol.token)].sort());
    const events = await (await t.auth.context()).adapter.findMany<{ userId: string; details: { reason: string } }>('auditEvent', {
      where: [{ field: 'type', value: 'multi-session.end' }],
    });
    expect(events).toMatchObject([{ userId: ada.userId, details: { reason: 'maximum' } }]);
  });

  it('defaults to 5', async () => {
    const t = await clients.open(withMultiSession());
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      tokens.push((await addAccount(t, `User ${i}`)).token);
      t.clock.advance(1);
    }
    expect((await deviceSessions(t)).data.map((d) => d.session.token)).toEqual(tokens.slice(1));
  });

  it('maximumSessions 1 keeps one account: the browser behaves as without the plugin', async () => {
    const t = await clients.open(withMultiSession({}, { maximumSessions: 1 }));
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    expect((await deviceSessions(t)).data.map((d) => d.user.email)).toEqual([bob.email]);
    expect(await sessionLives(t, ada.token)).toBe(false);
  });

  it('signing in again with an account already here replaces its session (one entry per account)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const bob = await addAccount(t, 'Bob');
    const again = await t.json<{ token: string }>('/sign-in/email', { body: { email: ada.email, password: ada.password } });
    expect(await sessionLives(t, ada.token)).toBe(false);
    const list = (await deviceSessions(t)).data;
    expect(list.map((d) => d.session.token).sort()).toEqual([bob.token, again.data.token].sort());
    expect(await activeEmail(t)).toBe(ada.email);
  });

  it('keeps a session made by any sign-in route (here: username)', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    const other = t.newJar();
    const { password } = await t.signUp({ name: 'Bob', username: 'bob_multi' }, other);
    const r = await t.json<{ token: string }>('/sign-in/username', { body: { username: 'bob_multi', password } });
    expect(r.status).toBe(200);
    expect((await deviceSessions(t)).data.map((d) => d.session.token)).toEqual([ada.token, r.data.token]);
  });
});

describe('the fast lane answers the active session only', () => {
  for (const cookieCache of [false, true]) {
    it(`get-session through the lane follows set-active and revoke${cookieCache ? ' (cookie cache on)' : ''}`, async () => {
      const t = await clients.open(withMultiSession({ session: { cookieCache: { enabled: cookieCache, maxAge: 300 } } }));
      const lane = await t.auth.fastLane();
      const laneEmail = async () => {
        const a = await lane.answer({ target: '/api/auth/get-session', header: (n) => (n === 'cookie' ? t.jar.header() : null), ip: '127.0.0.1' });
        expect(a, 'the lane answers (nothing to write)').toBeDefined();
        return (JSON.parse(a!.body) as DeviceSession | null)?.user.email ?? null;
      };
      const ada = await addAccount(t, 'Ada');
      const bob = await addAccount(t, 'Bob');
      expect(await laneEmail()).toBe(bob.email);
      await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
      expect(await laneEmail()).toBe(ada.email);
      await t.json('/multi-session/revoke', { body: { sessionToken: bob.token } });
      expect(await laneEmail()).toBe(ada.email);
      await t.json('/multi-session/set-active', { body: { sessionToken: ada.token } });
      await addAccount(t, 'Carol');
      await t.json('/sign-out', { method: 'POST' });
      expect(await laneEmail()).toBe(ada.email);
    });
  }

  it('a renewal of the active session renews its multi cookie too', async () => {
    const t = await clients.open(withMultiSession());
    const ada = await addAccount(t, 'Ada');
    t.clock.advance(86400 + 1);
    const r = await t.json('/get-session');
    expect(setCookieLine(r, SESSION_COOKIE)).toMatch(/Max-Age=604800/);
    expect(setCookieLine(r, multiName(ada.token))).toMatch(/Max-Age=604800/);
  });
});
