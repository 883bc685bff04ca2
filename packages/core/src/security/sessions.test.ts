import { randomFillSync } from 'node:crypto';
import { type TOTP, URI } from 'otpauth';
import { describe, expect, it, vi } from 'vitest';
import { randomString } from '../crypto/random.js';
import { hashToken } from '../crypto/sign.js';
import type { AnyEndpoint } from '../endpoint.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { builtinPlugins } from '../plugins/index.js';
import { coreEndpoints } from '../routes/index.js';
import { sessionTokenKey } from '../session/token-key.js';
import { useTestClients, type CookieJar, type TestClient } from '../test/harness.js';

/**
 * Issue 9, item 6: session tokens, fixation, the end of a session (cookie cache
 * included), a sign-in waiting for its second factor, impersonation.
 */

// Passthrough, so that one test can show that session tokens are drawn from randomFillSync.
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, randomFillSync: vi.fn(real.randomFillSync) };
});

/** Draws identifiers until the pool behind them is filled again, whatever its size. */
function untilRefilled(fill: { mock: { calls: unknown[] } }): void {
  const before = fill.mock.calls.length;
  while (fill.mock.calls.length === before) randomString(64);
}

const PASSWORD = 'correct horse battery';
const SESSION = 'better-auth.session_token';
const DATA = 'better-auth.session_data';
const TWO_FACTOR = 'better-auth.two_factor';

let t: TestClient;
const clients = useTestClients();

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

async function person(name: string, role?: string): Promise<Person> {
  const jar = t.newJar();
  const email = `${name}-${Math.random().toString(36).slice(2)}@example.com`;
  const { data } = await t.signUp({ name, email }, jar);
  const id = (data.user as { id: string }).id;
  if (role) {
    // Set before a fresh sign-in, so the cached session data carries the role.
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: id }], { role });
    await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar });
  }
  return { jar, email, id };
}

const rawToken = (jar: CookieJar) => jar.get(SESSION)?.split('.')[0];

function clone(jar: CookieJar): CookieJar {
  const copy = t.newJar();
  for (const [k, v] of jar.cookies) copy.cookies.set(k, v);
  return copy;
}

/** Every route the handler serves, as createAuth assembles them. */
function httpEndpoints(options: GatehouseOptions): AnyEndpoint[] {
  return [...coreEndpoints, ...builtinPlugins(options).flatMap((p) => p.endpoints ?? [])].filter((e) => !e.serverOnly);
}

describe('session tokens', () => {
  it('are 32 symbols of 62, the first 8 their creation time, the other 24 random (143 bits ≥ 128), distinct, and unaffected by a predictable Math.random', async () => {
    t = await clients.open();
    const { data } = await t.signUp();
    const ctx = await t.auth.context();
    const userId = (data.user as { id: string }).id;
    const realRandom = Math.random;
    Math.random = () => 0.5;
    const tokens: string[] = [];
    try {
      for (let i = 0; i < 400; i++) tokens.push((await ctx.sessions.create(null, userId)).token);
    } finally {
      Math.random = realRandom;
    }
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(tokens.map((token) => token.slice(8))).size).toBe(tokens.length);
    // Made one after the other, they sort in that order (their keys land at the end of the index).
    expect(tokens.map((token) => token.slice(0, 8))).toEqual(tokens.map((token) => token.slice(0, 8)).sort());
    expect(24 * Math.log2(62)).toBeGreaterThanOrEqual(128);
    // Every symbol is used in the random part, none dominates: 9 600 symbols, 155 expected each.
    const counts = new Map<string, number>();
    for (const ch of tokens.map((token) => token.slice(8)).join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    expect(Math.max(...counts.values())).toBeLessThan(250);
    expect(Math.min(...counts.values())).toBeGreaterThan(75);
  });

  it('are drawn from the CSPRNG (crypto.randomFillSync): fixed bytes give a fixed token', async () => {
    t = await clients.open();
    const { data } = await t.signUp();
    const ctx = await t.auth.context();
    const mocked = vi.mocked(randomFillSync);
    mocked.mockImplementation(((buffer: Buffer) => buffer.fill(0)) as never);
    let token: string;
    try {
      // Identifiers come from a pool of random bytes (crypto/random.ts): what is left of it is
      // used up first, so that the next bytes are the CSPRNG's fixed ones.
      untilRefilled(mocked);
      expect(mocked).toHaveBeenCalled();
      token = (await ctx.sessions.create(null, (data.user as { id: string }).id)).token;
    } finally {
      mocked.mockRestore();
      // And the fixed bytes left in the pool are used up too: the tests after this one get real ones.
      untilRefilled(mocked);
    }
    // Byte 0 is the first symbol of the alphabet: after the time, the token is nothing but those bytes.
    expect(token.slice(8)).toBe('A'.repeat(24));
  });

  it('the database keeps only their SHA-256, after their first 8 symbols (the time)', async () => {
    t = await clients.open();
    await t.signUp();
    const rows = await (await t.auth.context()).adapter.findMany<{ token: string }>('session');
    const token = rawToken(t.jar)!;
    expect(rows[0]!.token).toBe(token.slice(0, 8) + hashToken(token));
    expect(rows[0]!.token).not.toContain(token.slice(8));
  });
});

describe('no session fixation', () => {
  it('every sign-in makes a new token; a token planted in the browser is replaced, not adopted', async () => {
    t = await clients.open();
    const victim = await person('victim');
    const attacker = await person('attacker');
    const planted = attacker.jar.get(SESSION)!;
    const browser = t.newJar();
    browser.cookies.set(SESSION, planted);
    const seen = new Set([rawToken(victim.jar)]);
    for (let i = 0; i < 3; i++) {
      const r = await t.json<{ token: string }>('/sign-in/email', { body: { email: victim.email, password: PASSWORD }, jar: browser });
      expect(r.status).toBe(200);
      expect(seen.has(r.data.token)).toBe(false);
      seen.add(r.data.token);
      expect(rawToken(browser)).toBe(r.data.token);
    }
    expect(browser.get(SESSION)).not.toBe(planted);
    const mine = await t.json<{ user: { id: string } }>('/get-session', { jar: browser });
    expect(mine.data.user.id).toBe(victim.id);
    // The planted session is still the attacker's: it was never upgraded to the victim.
    const theirs = await t.json<{ user: { id: string } }>('/get-session', { jar: attacker.jar });
    expect(theirs.data.user.id).toBe(attacker.id);
  });

  it('completing the second factor makes a new token, and the pending cookie goes', async () => {
    t = await clients.open();
    const me = await person('twofa');
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar: me.jar });
    const otp = URI.parse(enable.data.totpURI) as TOTP;
    await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar: me.jar });
    t.clock.advance(60);
    const browser = t.newJar();
    browser.cookies.set(SESSION, me.jar.get(SESSION)!);
    await t.json('/sign-in/email', { body: { email: me.email, password: PASSWORD }, jar: browser });
    const done = await t.json<{ token: string }>('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar: browser });
    expect(done.status).toBe(200);
    expect(done.data.token).not.toBe(rawToken(me.jar));
    expect(rawToken(browser)).toBe(done.data.token);
    expect(browser.get(TWO_FACTOR)).toBeUndefined();
  });
});

describe('ending a session ends it everywhere, cached session data included', () => {
  type Scenario = (ctx: { victim: Person; device: CookieJar; admin: Person; stolenToken: string }) => Promise<void>;
  const scenarios: [string, Scenario][] = [
    ['sign-out', async ({ victim }) => void (await t.json('/sign-out', { method: 'POST', jar: victim.jar }))],
    ['revoke-session', async ({ device, stolenToken }) => void (await t.json('/revoke-session', { body: { token: stolenToken }, jar: device }))],
    ['revoke-sessions', async ({ device }) => void (await t.json('/revoke-sessions', { method: 'POST', jar: device }))],
    ['revoke-other-sessions', async ({ device }) => void (await t.json('/revoke-other-sessions', { method: 'POST', jar: device }))],
    [
      'change-password with revokeOtherSessions',
      async ({ device }) =>
        void (await t.json('/change-password', {
          body: { currentPassword: PASSWORD, newPassword: 'another password 1', revokeOtherSessions: true },
          jar: device,
        })),
    ],
    [
      'reset-password (revokeSessionsOnPasswordReset)',
      async ({ victim }) => {
        await t.json('/forget-password', { body: { email: victim.email }, jar: null });
        const token = /reset-password\/([A-Za-z0-9]+)/.exec(mails.at(-1)!.text)![1]!;
        expect((await t.json('/reset-password', { body: { token, newPassword: 'another password 1' }, jar: null })).status).toBe(200);
      },
    ],
    ['admin ban-user', async ({ victim, admin }) => void (await t.json('/admin/ban-user', { body: { userId: victim.id }, jar: admin.jar }))],
    [
      'admin revoke-user-sessions',
      async ({ victim, admin }) => void (await t.json('/admin/revoke-user-sessions', { body: { userId: victim.id }, jar: admin.jar })),
    ],
    [
      'admin revoke-user-session',
      async ({ admin, stolenToken }) => void (await t.json('/admin/revoke-user-session', { body: { sessionToken: stolenToken }, jar: admin.jar })),
    ],
    ['admin remove-user', async ({ victim, admin }) => void (await t.json('/admin/remove-user', { body: { userId: victim.id }, jar: admin.jar }))],
    ['delete-user', async ({ device }) => void (await t.json('/delete-user', { body: { password: PASSWORD }, jar: device }))],
  ];
  let mails: { text: string }[] = [];

  it.each(scenarios)('%s: the stolen cookies (token + cached data) can no longer read or change anything', async (_name, end) => {
    ({ t, mails } = await clients.openWithMail({
      session: { cookieCache: { enabled: true, maxAge: 300 } },
      emailAndPassword: { revokeSessionsOnPasswordReset: true },
    }));
    const ctx = await t.auth.context();
    const admin = await person('admin', 'admin');
    // The victim is an admin too: a stolen admin cache is the worst case.
    const victim = await person('victim', 'admin');
    const device = t.newJar();
    await t.json('/sign-in/email', { body: { email: victim.email, password: PASSWORD }, jar: device });
    expect(victim.jar.get(DATA)).toBeTruthy();
    const stolen = clone(victim.jar);
    const stolenToken = rawToken(stolen)!;

    await end({ victim, device, admin, stolenToken });

    expect(await ctx.adapter.findOne('session', [{ field: 'token', value: sessionTokenKey(stolenToken) }])).toBeNull();
    expect((await t.json('/get-session?disableCookieCache=true', { jar: clone(stolen) })).data).toBeNull();
    const attempts: [string, unknown][] = [
      ['/update-user', { name: 'Hijacked' }],
      ['/revoke-other-sessions', {}],
      ['/change-email', { newEmail: 'hijacker@example.com' }],
      ['/organization/create', { name: 'Hijack Inc', slug: `hijack-${Math.random().toString(36).slice(2)}` }],
      ['/admin/set-role', { userId: admin.id, role: 'user' }],
      ['/link-social', { provider: 'google' }],
    ];
    for (const [path, body] of attempts) {
      const r = await t.json(path, { body, jar: clone(stolen) });
      expect(r.status, `${path} ${JSON.stringify(r.data)}`).toBe(401);
    }
    const row = await ctx.adapter.findOne<{ name: string; email: string }>('user', [{ field: 'id', value: victim.id }]);
    if (row) expect(row).toMatchObject({ name: 'victim', email: victim.email.toLowerCase() });
    expect(await ctx.adapter.count('organization')).toBe(0);
    expect((await ctx.adapter.findOne<{ role: string }>('user', [{ field: 'id', value: admin.id }]))!.role).toBe('admin');
  });
});

describe('a sign-in waiting for its second factor', () => {
  it('gets no session: no token, no session cookies, and no route that needs a session answers 2xx', async () => {
    const options: GatehouseOptions = { session: { cookieCache: { enabled: true } } };
    t = await clients.open(options);
    const ctx = await t.auth.context();
    const me = await person('pending');
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar: me.jar });
    const otp = URI.parse(enable.data.totpURI) as TOTP;
    await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar: me.jar });
    const sessionsBefore = await ctx.adapter.count('session');

    const jar = t.newJar();
    const r = await t.json('/sign-in/email', { body: { email: me.email, password: PASSWORD }, jar });
    expect(r.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(r.response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([TWO_FACTOR]);
    expect((await t.json('/get-session', { jar })).data).toBeNull();

    // The pending cookie is signed with the same secret: pasted as a session cookie it must still be nothing.
    const pasted = t.newJar();
    pasted.cookies.set(SESSION, jar.get(TWO_FACTOR)!);
    for (const j of [jar, pasted]) {
      for (const e of httpEndpoints(options).filter((x) => x.requireSession)) {
        const method = (Array.isArray(e.method) ? e.method : [e.method])[0]!;
        const path = e.path.replace(/:[A-Za-z]+/g, 'x');
        const res = await t.json(path, { method, body: method === 'POST' ? {} : undefined, jar: j });
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      }
      expect((await t.json('/get-session', { jar: j })).data).toBeNull();
    }
    expect(await ctx.adapter.count('session')).toBe(sessionsBefore);
  });
});

describe('impersonation cannot be turned on admins', () => {
  it('an admin cannot impersonate an admin (any role spelling); an impersonated user cannot reach admin routes', async () => {
    t = await clients.open();
    const ctx = await t.auth.context();
    const root = await person('root', 'admin');
    const other = await person('other-admin', 'admin');
    const mixed = await person('mixed-admin', 'user,admin');
    const plain = await person('plain');

    for (const target of [other, mixed]) {
      const r = await t.json('/admin/impersonate-user', { body: { userId: target.id }, jar: root.jar });
      expect(r.status).toBe(403);
      expect(r.data).toEqual({ code: 'YOU_CANNOT_IMPERSONATE_ADMINS', message: 'You cannot impersonate admins' });
    }

    const as = clone(root.jar);
    expect((await t.json('/admin/impersonate-user', { body: { userId: plain.id }, jar: as })).status).toBe(200);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: as })).data.user.id).toBe(plain.id);
    const tries: [string, unknown][] = [
      ['/admin/impersonate-user', { userId: other.id }],
      ['/admin/set-role', { userId: other.id, role: 'user' }],
      ['/admin/ban-user', { userId: other.id }],
      ['/admin/remove-user', { userId: other.id }],
      ['/admin/set-user-password', { userId: other.id, newPassword: 'taken over 123' }],
      ['/admin/revoke-user-sessions', { userId: other.id }],
    ];
    for (const [path, body] of tries) expect((await t.json(path, { body, jar: as })).status, path).toBe(403);
    expect((await t.json('/admin/list-users', { jar: as })).status).toBe(403);
    expect(await ctx.adapter.findOne('user', [{ field: 'id', value: other.id }])).toMatchObject({ role: 'admin', banned: false });
    expect((await t.json('/sign-in/email', { body: { email: other.email, password: PASSWORD }, jar: t.newJar() })).status).toBe(200);

    // Stopping ends the impersonation session and gives the admin back.
    const impersonation = rawToken(as)!;
    expect((await t.json('/admin/stop-impersonating', { method: 'POST', jar: as })).status).toBe(200);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: as })).data.user.id).toBe(root.id);
    expect(await ctx.sessions.find(impersonation)).toBeNull();
  });

  it('is possible only when allowImpersonatingAdmins is configured', async () => {
    t = await clients.open({ admin: { allowImpersonatingAdmins: true } });
    const root = await person('root', 'admin');
    const other = await person('other-admin', 'admin');
    expect((await t.json('/admin/impersonate-user', { body: { userId: other.id }, jar: root.jar })).status).toBe(200);
  });
});
