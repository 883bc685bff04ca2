import { TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, TWO_FACTOR_ERRORS, useTestClients } from '../../test-kit.js';
import { ADMIN_ERRORS } from './errors.js';

// The admin's quick actions on one user (issue 37): POST /admin/unlock-user and POST /admin/reset-two-factor, over HTTP.
const PASSWORD = 'correct horse battery';
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
  const post = (path: string, body: unknown, jar: CookieJar | null = root.jar) => t.json<Data>(`/admin${path}`, { body, jar });
  const signIn = (email: string, password = PASSWORD, jar: CookieJar = t.newJar()) => t.json<Data>('/sign-in/email', { body: { email, password }, jar });
  const audit = async (type: string, userId: string) =>
    (await t.json<Data>(`/admin/list-audit-events?type=${type}&userId=${userId}`, { jar: root.jar })).data.events as { type: string; actor: unknown }[];
  /** The current code of an otpauth:// URI on the test clock. */
  const codeFor = (uri: string) => {
    const otp = URI.parse(uri);
    if (!(otp instanceof TOTP)) throw new Error('not a TOTP URI');
    return otp.generate({ timestamp: t.clock.ms });
  };
  return { t, ctx, root, person, post, signIn, audit, codeFor };
}

describe('POST /admin/unlock-user', () => {
  it('lifts the lock of repeated failed sign-ins: the user signs in at once, and the unlock is audited', async () => {
    const { person, post, signIn, audit, root } = await setup();
    const bob = await person('bob');
    for (let i = 0; i < 3; i++) expect((await signIn(bob.email, 'wrong password!!')).status).toBe(401);
    const locked = await signIn(bob.email);
    expect(locked.status).toBe(429);
    expect(locked.data.code).toBe('TOO_MANY_FAILED_ATTEMPTS');

    const res = await post('/unlock-user', { userId: bob.id });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ success: true });
    expect((await signIn(bob.email)).status).toBe(200);

    const events = await audit('user.unlock', bob.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'user.unlock', details: { wasLocked: true } });
    expect(JSON.stringify(events[0].actor)).toContain(root.id);
  });

  it('also lifts the lock on the second factor, and answers success for a user who was not locked', async () => {
    const { t, person, post, signIn, audit, codeFor } = await setup();
    const carol = await person('carol');
    const enable = await t.json<Data>('/two-factor/enable', { body: { password: PASSWORD }, jar: carol.jar });
    expect((await t.json<Data>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar: carol.jar })).status).toBe(200);
    t.clock.advance(60);
    // Three wrong codes after the password lock the second factor (`two-factor:<id>`): even the right code is refused.
    const browser = t.newJar();
    expect((await signIn(carol.email, PASSWORD, browser)).data).toMatchObject({ twoFactorRedirect: true });
    for (let i = 0; i < 3; i++) expect((await t.json<Data>('/two-factor/verify-totp', { body: { code: '000000' }, jar: browser })).status).toBe(401);
    const refused = await t.json<Data>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar: browser });
    expect(refused.status).toBe(429);
    expect(refused.data.code).toBe('TOO_MANY_FAILED_ATTEMPTS');

    expect((await post('/unlock-user', { userId: carol.id })).status).toBe(200);
    const passed = await t.json<Data>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar: browser });
    expect(passed.status, JSON.stringify(passed.data)).toBe(200);

    const again = await post('/unlock-user', { userId: carol.id });
    expect(again).toMatchObject({ status: 200, data: { success: true } });
    expect((await audit('user.unlock', carol.id)).map((e) => (e as Data).details)).toEqual(expect.arrayContaining([{ wasLocked: true }, { wasLocked: false }]));
  });

  it('is for admins only, and says when the user does not exist', async () => {
    const { person, post } = await setup();
    const plain = await person('plain');
    expect((await post('/unlock-user', { userId: plain.id }, null)).status).toBe(401);
    const forbidden = await post('/unlock-user', { userId: plain.id }, plain.jar);
    expect(forbidden.status).toBe(403);
    expect(forbidden.data).toEqual({ code: 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT', message: ADMIN_ERRORS.ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT });
    const missing = await post('/unlock-user', { userId: 'no-such-user' });
    expect(missing.status).toBe(404);
    expect(missing.data.code).toBe('USER_NOT_FOUND');
    expect((await post('/unlock-user', {})).status).toBe(400);
  });
});

describe('POST /admin/reset-two-factor', () => {
  it("turns a user's TOTP off: they sign in with the password alone, their trusted browsers are forgotten, and the reset is audited", async () => {
    const { t, ctx, person, post, signIn, audit, codeFor } = await setup();
    const dana = await person('dana');
    const enable = await t.json<Data>('/two-factor/enable', { body: { password: PASSWORD }, jar: dana.jar });
    expect(enable.status).toBe(200);
    expect((await t.json<Data>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar: dana.jar })).status).toBe(200);
    t.clock.advance(60);
    // A sign-in with the second factor, trusting this browser: a trusted-browser record exists.
    const browser = t.newJar();
    expect((await signIn(dana.email, PASSWORD, browser)).data).toMatchObject({ twoFactorRedirect: true });
    const passed = await t.json<Data>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI), trustDevice: true }, jar: browser });
    expect(passed.status, JSON.stringify(passed.data)).toBe(200);
    expect(await ctx.adapter.count('verification', [{ field: 'identifier', value: `two-factor-trust:${dana.id}` }])).toBe(1);

    const res = await post('/reset-two-factor', { userId: dana.id });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ success: true });

    const plain = await signIn(dana.email);
    expect(plain.status).toBe(200);
    expect(plain.data.twoFactorRedirect).toBeUndefined();
    expect(plain.data.user.twoFactorEnabled).toBe(false);
    expect(await ctx.adapter.count('twoFactor', [{ field: 'userId', value: dana.id }])).toBe(0);
    expect(await ctx.adapter.count('verification', [{ field: 'identifier', value: `two-factor-trust:${dana.id}` }])).toBe(0);
    // Their own session is kept (the reset ends no session).
    expect((await t.json<Data>('/get-session', { jar: dana.jar })).data?.user?.id).toBe(dana.id);
    // They can enrol again.
    expect((await t.json<Data>('/two-factor/enable', { body: { password: PASSWORD }, jar: dana.jar })).status).toBe(200);

    const events = await audit('user.reset-two-factor', dana.id);
    expect(events.map((e) => e.type)).toEqual(['user.reset-two-factor']);
  });

  it('refuses a user with no two-factor with 400 TWO_FACTOR_NOT_ENABLED, and writes no audit row', async () => {
    const { person, post, audit } = await setup();
    const erin = await person('erin');
    const res = await post('/reset-two-factor', { userId: erin.id });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code: 'TWO_FACTOR_NOT_ENABLED', message: TWO_FACTOR_ERRORS.TWO_FACTOR_NOT_ENABLED });
    expect(await audit('user.reset-two-factor', erin.id)).toEqual([]);
  });

  it('answers 400 TWO_FACTOR_NOT_ENABLED when the two-factor plugin is off', async () => {
    const { person, post } = await setup({ twoFactor: { enabled: false } });
    const fay = await person('fay');
    const res = await post('/reset-two-factor', { userId: fay.id });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('is for admins only, and says when the user does not exist', async () => {
    const { person, post } = await setup();
    const plain = await person('plain');
    expect((await post('/reset-two-factor', { userId: plain.id }, null)).status).toBe(401);
    const forbidden = await post('/reset-two-factor', { userId: plain.id }, plain.jar);
    expect(forbidden.status).toBe(403);
    expect(forbidden.data.code).toBe('ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
    const missing = await post('/reset-two-factor', { userId: 'no-such-user' });
    expect(missing.status).toBe(404);
    expect(missing.data.code).toBe('USER_NOT_FOUND');
  });
});
