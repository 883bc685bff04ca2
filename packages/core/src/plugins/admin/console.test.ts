import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, useTestClients } from '../../test-kit.js';

// The admin console's server half: GET /admin/stats and the audit trail's filters, over HTTP.
const PASSWORD = 'correct horse battery';
const DAY = 86_400;
const clients = useTestClients();

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Data = any;

async function setup(options: GatehouseOptions = {}) {
  const t = await clients.open({ lockout: { maxAttempts: 3 }, ...options });
  const ctx = await t.auth.context();
  const person = async (name: string) => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email, password: PASSWORD }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const root = await person('root');
  await ctx.adapter.update('user', [{ field: 'id', value: root.id }], { role: 'admin' });
  const get = (jar: CookieJar | null, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.json<Data>(`/admin${path}${qs ? `?${qs}` : ''}`, { jar });
  };
  const signIn = (email: string, password = PASSWORD, userAgent = 'TestBrowser/1.0') =>
    t.json<Data>('/sign-in/email', { body: { email, password }, jar: t.newJar(), headers: { 'user-agent': userAgent } });
  return { t, ctx, root, person, get, signIn };
}

describe('GET /admin/stats', () => {
  it('counts sign-ins by method, sign-ups, failures and lockouts per day and hour, and users by status', async () => {
    const { t, ctx, root, person, get, signIn } = await setup();
    // Day 1 (2026-01-01, 12:00 UTC): three people sign up (root included), alice signs in twice, bob fails
    // three times (the third locks him) and is banned; one sign-in by a social provider is recorded as the
    // social flow records it.
    const alice = await person('alice');
    const bob = await person('bob');
    expect((await signIn(alice.email)).status).toBe(200);
    expect((await signIn(alice.email)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(bob.email, 'wrong password!')).status).toBe(401);
    expect((await signIn(bob.email, 'wrong password!')).status).toBe(429);
    // The lock is in the trail, with the request that caused it.
    const locks = (await get(root.jar, '/list-audit-events', { type: 'sign-in.lockout' })).data;
    expect(locks.events).toHaveLength(1);
    expect(locks.events[0]).toMatchObject({ userId: bob.id, userAgent: 'TestBrowser/1.0', user: { email: bob.email } });
    expect(locks.events[0].ipAddress).toBeTruthy();
    expect(Date.parse(locks.events[0].details.until)).toBe(t.clock.now() + 900_000);
    await ctx.audit.record(null, 'sign-in.success', { userId: alice.id, details: { method: 'github' } });
    expect((await t.json('/admin/ban-user', { body: { userId: bob.id }, jar: root.jar })).status).toBe(200);
    await ctx.adapter.update('user', [{ field: 'id', value: alice.id }], { emailVerified: true, twoFactorEnabled: true });

    // Two days later: carol signs up and signs in.
    t.clock.advance(2 * DAY);
    const carol = await person('carol');
    expect((await signIn(carol.email)).status).toBe(200);

    const week = await get(root.jar, '/stats', { range: '7d' });
    expect(week.status, JSON.stringify(week.data)).toBe(200);
    const w = week.data;
    expect(w).toMatchObject({ range: '7d', unit: 'day', from: '2025-12-28T00:00:00.000Z', to: '2026-01-03T12:00:00.000Z' });
    expect(w.buckets).toHaveLength(7);
    expect(w.buckets.map((b: Data) => b.start.slice(0, 10))).toEqual([
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    const jan1 = w.buckets[4];
    const jan3 = w.buckets[6];
    expect(jan1).toMatchObject({ signIns: { password: 2, github: 1 }, signUps: 3, failedSignIns: 3, lockouts: 1 });
    expect(jan3).toMatchObject({ signIns: { password: 1 }, signUps: 1, failedSignIns: 0, lockouts: 0 });
    for (const i of [0, 1, 2, 3, 5]) expect(w.buckets[i]).toEqual({ start: w.buckets[i].start, signIns: {}, signUps: 0, failedSignIns: 0, lockouts: 0 });
    expect(w.methods).toEqual(['password', 'github']);
    expect(w.totals).toEqual({ signIns: 4, signUps: 4, failedSignIns: 3, lockouts: 1 });
    expect(w.users).toEqual({ total: 4, verified: 1, banned: 1, twoFactor: 1 });
    // Sign-ups and sign-ins made sessions; bob's were revoked by the ban.
    const live = await ctx.adapter.count('session', [{ field: 'expiresAt', value: new Date(t.clock.now()), operator: 'gt' }]);
    expect(live).toBeGreaterThan(3);
    expect(w.activeSessions).toBe(live);

    // 24 hours by the hour: day 1 is out of range, carol's hour is the last.
    const day = (await get(root.jar, '/stats', { range: '24h' })).data;
    expect(day).toMatchObject({ range: '24h', unit: 'hour', from: '2026-01-02T13:00:00.000Z' });
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets[23]).toMatchObject({ start: '2026-01-03T12:00:00.000Z', signIns: { password: 1 }, signUps: 1 });
    expect(day.totals).toEqual({ signIns: 1, signUps: 1, failedSignIns: 0, lockouts: 0 });
    expect(day.methods).toEqual(['password']);

    // 30 days, the default range is 7 days.
    const month = (await get(root.jar, '/stats', { range: '30d' })).data;
    expect(month.buckets).toHaveLength(30);
    expect(month.totals).toEqual(w.totals);
    expect((await get(root.jar, '/stats')).data.range).toBe('7d');

    // A week and a day later the first day has left the 7-day range.
    t.clock.advance(6 * DAY);
    const later = (await get(root.jar, '/stats', { range: '7d' })).data;
    expect(later.totals).toEqual({ signIns: 1, signUps: 1, failedSignIns: 0, lockouts: 0 });
  });

  it('refuses a range it does not know (400), anyone signed out (401) and a non-admin (403)', async () => {
    const { root, person, get } = await setup();
    const bad = await get(root.jar, '/stats', { range: '1y' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ field: 'range' }] });
    expect((await get(null, '/stats')).status).toBe(401);
    const bob = await person('bob');
    const refused = await get(bob.jar, '/stats', { range: '24h' });
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ code: 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT', message: 'Only admins can access this endpoint' });
  });

  it('answers null for two-factor when that plugin is off', async () => {
    const { root, get } = await setup({ twoFactor: { enabled: false } });
    const res = await get(root.jar, '/stats', { range: '24h' });
    expect(res.status).toBe(200);
    expect(res.data.users).toEqual({ total: 1, verified: 0, banned: 0, twoFactor: null });
    expect(res.data.totals).toEqual({ signIns: 0, signUps: 1, failedSignIns: 0, lockouts: 0 });
  });
});

describe('GET /admin/list-audit-events filters', () => {
  it('filters by person (id or email), several types and a time range, sorts both ways, pages, and shows IP and user agent', async () => {
    const { t, root, person, get, signIn } = await setup();
    const alice = await person('alice');
    t.clock.advance(1); // events of one millisecond have no order among them
    await signIn(alice.email, PASSWORD, 'AliceBrowser/1');
    t.clock.advance(3600);
    await signIn(alice.email, 'wrong password!', 'AliceBrowser/2');
    t.clock.advance(3600);
    await signIn(alice.email, PASSWORD, 'AliceBrowser/3');
    await signIn(root.email);

    const all = (await get(root.jar, '/list-audit-events', { userId: alice.id })).data;
    expect(all.events.map((e: Data) => e.type)).toEqual(['sign-in.success', 'sign-in.failure', 'sign-in.success', 'sign-up']);
    expect(all.total).toBe(4);
    expect(all.events[0]).toMatchObject({ userId: alice.id, userAgent: 'AliceBrowser/3', details: { method: 'password' } });
    expect(all.events[0].user).toEqual({ id: alice.id, name: 'alice', email: alice.email });
    expect(all.events[0].actor).toEqual({ id: alice.id, name: 'alice', email: alice.email });
    expect(typeof all.events[0].ipAddress).toBe('string');
    expect(all.events[0].ipAddress.length).toBeGreaterThan(0);

    const byEmail = (await get(root.jar, '/list-audit-events', { email: 'ALICE@example.com' })).data;
    expect(byEmail.events.map((e: Data) => e.id)).toEqual(all.events.map((e: Data) => e.id));
    expect((await get(root.jar, '/list-audit-events', { email: 'nobody@example.com' })).data).toEqual({ events: [], total: 0, limit: 100, offset: 0 });

    const types = (await get(root.jar, '/list-audit-events', { userId: alice.id, type: 'sign-up,sign-in.failure' })).data;
    expect(types.events.map((e: Data) => e.type)).toEqual(['sign-in.failure', 'sign-up']);

    // from is inclusive, to exclusive; ISO dates and epoch milliseconds both work.
    const start = Date.UTC(2026, 0, 1, 12);
    const window = (
      await get(root.jar, '/list-audit-events', { userId: alice.id, from: new Date(start + 3601_000).toISOString(), to: String(start + 7201_000) })
    ).data;
    expect(window.events.map((e: Data) => e.userAgent)).toEqual(['AliceBrowser/2']);

    const asc = (await get(root.jar, '/list-audit-events', { userId: alice.id, sortDirection: 'asc', limit: '2', offset: '1' })).data;
    expect(asc).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(asc.events.map((e: Data) => e.userAgent)).toEqual(['AliceBrowser/1', 'AliceBrowser/2']);

    const bad = await get(root.jar, '/list-audit-events', { from: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ field: 'from' }] });
    expect((await get(root.jar, '/list-audit-events', { sortDirection: 'up' })).status).toBe(400);
    expect((await get(alice.jar, '/list-audit-events', { userId: alice.id })).status).toBe(403);
  });
});
