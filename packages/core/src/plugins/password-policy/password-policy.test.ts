import { type TOTP, URI } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addPasskey,
  type CookieJar,
  createAuth,
  type GatehouseOptions,
  linkIn,
  type Mail,
  type TestClient,
  uniqueEmail,
  useTestClients,
} from '../../test-kit.js';
import { PASSWORD_POLICY_ERRORS } from './errors.js';
import { type RangeStandIn, startRangeStandIn } from './test-kit.js';

// Every route that sets a password, over HTTP (set-password, server-only, through auth.api).
const PASSWORD = 'correct horse battery';
const COMMON = 'Password123';
const COMPROMISED = { code: 'PASSWORD_COMPROMISED', message: PASSWORD_POLICY_ERRORS.PASSWORD_COMPROMISED };
const TOO_SHORT = { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' };

const clients = useTestClients();
let t: TestClient;
let mails: Mail[];

async function setup(options: GatehouseOptions = {}) {
  ({ t, mails } = await clients.openWithMail(options));
  return t;
}

function expectRefused(r: { status: number; data: unknown }, answer: { code: string; message: string }) {
  expect(r.status, JSON.stringify(r.data)).toBe(400);
  expect(r.data).toEqual(answer);
}

const signIn = (email: string, password: string) => t.json('/sign-in/email', { body: { email, password }, jar: null });

async function userId(jar: CookieJar): Promise<string> {
  return (await t.json<{ user: { id: string } }>('/get-session', { jar })).data.user.id;
}

/** A reset token mailed to `email`. */
async function resetToken(email: string): Promise<string> {
  const before = mails.length;
  await t.json('/forget-password', { body: { email, redirectTo: '/reset' }, jar: null });
  expect(mails).toHaveLength(before + 1);
  return /\/reset-password\/([A-Za-z0-9]+)/.exec(linkIn(mails.at(-1)!))![1]!;
}

/** Signs up an admin (role set in the database) in its own jar. */
async function admin(): Promise<CookieJar> {
  const jar = t.newJar();
  const { data } = await t.signUp({}, jar);
  await (await t.auth.context()).adapter.update('user', [{ field: 'id', value: (data.user as { id: string }).id }], { role: 'admin' });
  return jar;
}

/** A user who signed in with a social provider only (no password yet), and a session cookie of theirs. */
async function socialUser() {
  const ctx = await t.auth.context();
  const user = await ctx.adapter.create<{ id: string }>('user', { email: uniqueEmail('social'), name: 'Social', emailVerified: true });
  await ctx.adapter.create('account', { userId: user!.id, providerId: 'google', accountId: `g-${user!.id}` });
  const { token } = await ctx.sessions.create(null, user!.id);
  return { id: user!.id, cookie: `better-auth.session_token=${encodeURIComponent(ctx.signer.sign(token))}` };
}

/** Turns two-factor on for the user of `jar` (enable, then a first code confirms it). */
async function enableTwoFactor(jar: CookieJar): Promise<void> {
  const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
  expect(enable.status).toBe(200);
  const otp = URI.parse(enable.data.totpURI) as TOTP;
  const confirm = await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar });
  expect(confirm.status).toBe(200);
}

describe('common passwords (on by default)', () => {
  it('sign-up: refused with 400 PASSWORD_COMPROMISED, whatever the case; no user is made', async () => {
    await setup();
    const email = uniqueEmail();
    for (const password of [COMMON, 'password123', 'ILOVEYOU1', 'qwertyuiop']) {
      expectRefused(await t.json('/sign-up/email', { body: { name: 'N', email, password }, jar: null }), COMPROMISED);
    }
    expect(await (await t.auth.context()).adapter.count('user')).toBe(0);
    expect((await t.json('/sign-up/email', { body: { name: 'N', email, password: 'quiet-meadow-4821' }, jar: null })).status).toBe(200);
  });

  it('reset-password: refused before the token is used, so the same link then sets a good one', async () => {
    await setup();
    const { email } = await t.signUp();
    const token = await resetToken(email);
    expectRefused(await t.json('/reset-password', { body: { newPassword: COMMON, token }, jar: null }), COMPROMISED);
    expect((await t.json('/reset-password', { body: { newPassword: 'a brand new password', token }, jar: null })).status).toBe(200);
    expect((await signIn(email, 'a brand new password')).status).toBe(200);
  });

  it('change-password: refused, and the current password still signs in', async () => {
    await setup();
    const { email } = await t.signUp();
    const r = await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: 'football1' } });
    expectRefused(r, COMPROMISED);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect((await signIn(email, 'football1')).status).toBe(401);
  });

  it('set-password (server-only): refused with the same code', async () => {
    await setup();
    const { cookie } = await socialUser();
    const e = await t.auth.api.setPassword({ body: { newPassword: 'superman123' }, headers: { cookie } }).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 400, ...COMPROMISED });
    expect(await t.auth.api.setPassword({ body: { newPassword: 'quiet-meadow-4821' }, headers: { cookie } })).toEqual({ status: true });
  });

  it('admin set-user-password and create-user: refused', async () => {
    await setup();
    const jar = await admin();
    const target = t.newJar();
    const { email } = await t.signUp({}, target);
    const id = await userId(target);
    expectRefused(await t.json('/admin/set-user-password', { body: { userId: id, newPassword: 'baseball1' }, jar }), COMPROMISED);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    const created = await t.json('/admin/create-user', { body: { email: uniqueEmail(), password: 'sunshine1', name: 'New' }, jar });
    expectRefused(created, COMPROMISED);
    expect((await t.json('/admin/create-user', { body: { email: uniqueEmail(), password: 'quiet-meadow-4821', name: 'New' }, jar })).status).toBe(200);
  });

  it('blockCommon: false lets them through', async () => {
    await setup({ passwordPolicy: { blockCommon: false } });
    expect((await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: COMMON }, jar: null })).status).toBe(200);
  });

  it('/providers tells the app the policy in effect', async () => {
    await setup({ emailAndPassword: { minPasswordLength: 10 } });
    const { data } = await t.json<{ features: Record<string, unknown> }>('/providers');
    expect(data.features.passwordPolicy).toEqual({
      preset: 'default',
      minLength: 10,
      minLengthWithSecondFactor: 10,
      maxLength: 128,
      blockCommon: true,
      breachedCheck: false,
    });
  });
});

describe("preset 'nist-800-63b-4'", () => {
  const NIST: GatehouseOptions = { passwordPolicy: { preset: 'nist-800-63b-4' } };
  // Neither common nor composed to any rule: lower-case letters and spaces are enough.
  const fourteen = 'plum tree road';
  const fifteen = 'plum tree roads';
  const eight = 'zq8vlp2w';

  it('sign-up: 15 characters at least, 64 and 128 allowed, no composition rule; PASSWORD_TOO_SHORT as the spec words it', async () => {
    await setup(NIST);
    expect(fourteen).toHaveLength(14);
    expectRefused(await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: fourteen }, jar: null }), TOO_SHORT);
    for (const password of [fifteen, 'word '.repeat(12) + 'done', 'abcdefghij'.repeat(7).slice(0, 64), 'long '.repeat(25) + 'end']) {
      const r = await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password }, jar: null });
      expect(r.status, `${password.length} characters: ${JSON.stringify(r.data)}`).toBe(200);
    }
    const { data } = await t.json<{ features: Record<string, unknown> }>('/providers');
    expect(data.features.passwordPolicy).toEqual({
      preset: 'nist-800-63b-4',
      minLength: 15,
      minLengthWithSecondFactor: 8,
      maxLength: 128,
      blockCommon: true,
      breachedCheck: false,
    });
  });

  it('change-password: 8 characters for a user with two-factor on, 15 for a user without', async () => {
    await setup(NIST);
    const alone = t.newJar();
    await t.signUp({}, alone);
    expectRefused(await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: eight }, jar: alone }), TOO_SHORT);
    expect((await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: fifteen }, jar: alone })).status).toBe(200);

    const guarded = t.newJar();
    await t.signUp({}, guarded);
    await enableTwoFactor(guarded);
    expectRefused(await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: 'short7!' }, jar: guarded }), TOO_SHORT);
    expect((await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: eight }, jar: guarded })).status).toBe(200);
  });

  it('a passkey does not lower it: the password still signs in alone, so it is still a single factor', async () => {
    await setup({ ...NIST, passkey: { enabled: true } });
    const jar = t.newJar();
    await t.signUp({}, jar);
    expect((await addPasskey(t, { jar })).status).toBe(200);
    expectRefused(await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: eight }, jar }), TOO_SHORT);
  });

  it('reset-password: the token says whose password it is (8 with two-factor, 15 without)', async () => {
    await setup(NIST);
    const guarded = t.newJar();
    const { email: guardedEmail } = await t.signUp({}, guarded);
    await enableTwoFactor(guarded);
    const { email: aloneEmail } = await t.signUp({}, t.newJar());

    const aloneToken = await resetToken(aloneEmail);
    expectRefused(await t.json('/reset-password', { body: { newPassword: eight, token: aloneToken }, jar: null }), TOO_SHORT);
    const guardedToken = await resetToken(guardedEmail);
    expect((await t.json('/reset-password', { body: { newPassword: eight, token: guardedToken }, jar: null })).status).toBe(200);
  });

  it('admin set-user-password and create-user: a new user has no second factor yet', async () => {
    await setup(NIST);
    const jar = await admin();
    const guarded = t.newJar();
    await t.signUp({}, guarded);
    await enableTwoFactor(guarded);
    const guardedId = await userId(guarded);
    const alone = t.newJar();
    await t.signUp({}, alone);
    const aloneId = await userId(alone);

    expect((await t.json('/admin/set-user-password', { body: { userId: guardedId, newPassword: eight }, jar })).status).toBe(200);
    expectRefused(await t.json('/admin/set-user-password', { body: { userId: aloneId, newPassword: eight }, jar }), TOO_SHORT);
    expectRefused(await t.json('/admin/create-user', { body: { email: uniqueEmail(), password: fourteen, name: 'N' }, jar }), TOO_SHORT);
    expect((await t.json('/admin/create-user', { body: { email: uniqueEmail(), password: fifteen, name: 'N' }, jar })).status).toBe(200);
  });

  it('set-password: 15 characters for a social user without a second factor', async () => {
    await setup(NIST);
    const { cookie } = await socialUser();
    const e = await t.auth.api.setPassword({ body: { newPassword: fourteen }, headers: { cookie } }).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 400, ...TOO_SHORT });
    expect(await t.auth.api.setPassword({ body: { newPassword: fifteen }, headers: { cookie } })).toEqual({ status: true });
  });

  it('never lowers a configured minimum, and common passwords of any length stay refused', async () => {
    await setup({ ...NIST, emailAndPassword: { minPasswordLength: 20 } });
    expectRefused(await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'plum tree road nine' }, jar: null }), TOO_SHORT);
    const { data } = await t.json<{ features: { passwordPolicy: { minLength: number; minLengthWithSecondFactor: number } } }>('/providers');
    expect(data.features.passwordPolicy).toMatchObject({ minLength: 20, minLengthWithSecondFactor: 20 });
  });

  it('is refused at start with a maximum under 64, an unknown preset or an unknown key', () => {
    expect(() => createAuth({ passwordPolicy: { preset: 'nist-800-63b-4' }, emailAndPassword: { maxPasswordLength: 32 } })).toThrow(
      'passwordPolicy: the nist-800-63b-4 preset needs emailAndPassword.maxPasswordLength of at least 64 (it is 32)',
    );
    expect(() => createAuth({ passwordPolicy: { preset: 'strict' as 'default' } })).toThrow(
      'Gatehouse options: passwordPolicy.preset: must be "default" or "nist-800-63b-4", got "strict"',
    );
    expect(() => createAuth({ passwordPolicy: { blockcommon: false } as never })).toThrow(
      'passwordPolicy.blockcommon: unknown option, did you mean "blockCommon"?',
    );
    expect(() => createAuth({ passwordPolicy: { breachedCheck: { enabled: true, endpoint: 'ftp://x' } } })).toThrow(
      'Gatehouse options: passwordPolicy.breachedCheck.endpoint: must be an http(s) URL',
    );
  });
});

describe('breached-password check (k-anonymity, against a loopback stand-in)', () => {
  let standIn: RangeStandIn | undefined;
  afterEach(async () => {
    await standIn?.close();
    standIn = undefined;
  });
  const breached = 'a breached but uncommon password';

  it('refuses a password the corpus holds with PASSWORD_COMPROMISED; the stand-in saw 5 characters of its hash', async () => {
    standIn = await startRangeStandIn([breached]);
    await setup({ passwordPolicy: { breachedCheck: { enabled: true, endpoint: standIn.endpoint } } });
    expectRefused(await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: breached }, jar: null }), COMPROMISED);
    expect(standIn.requests.map((r) => r.url)).toEqual([expect.stringMatching(/^\/range\/[0-9A-F]{5}$/)]);
    const { email } = await t.signUp();
    expectRefused(await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: breached } }), COMPROMISED);
    expect((await t.json('/change-password', { body: { currentPassword: PASSWORD, newPassword: 'not in any corpus at all' } })).status).toBe(200);
    expect((await signIn(email, 'not in any corpus at all')).status).toBe(200);
    const { data } = await t.json<{ features: { passwordPolicy: { breachedCheck: boolean } } }>('/providers');
    expect(data.features.passwordPolicy.breachedCheck).toBe(true);
  });

  it('a common password is refused from the list without asking the service', async () => {
    standIn = await startRangeStandIn([]);
    await setup({ passwordPolicy: { breachedCheck: { enabled: true, endpoint: standIn.endpoint } } });
    expectRefused(await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: COMMON }, jar: null }), COMPROMISED);
    expect(standIn.requests).toEqual([]);
  });

  it('fails open when the service is unreachable: the password is accepted and a warning logged', async () => {
    const down = await startRangeStandIn([]);
    await down.close();
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (_: object | string, msg?: string) => void warnings.push(msg ?? '') };
    await setup({ logger, passwordPolicy: { breachedCheck: { enabled: true, endpoint: down.endpoint, timeoutMs: 1000 } } });
    expect((await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: breached }, jar: null })).status).toBe(200);
    expect(warnings).toEqual([expect.stringMatching(/breached-password check unavailable/)]);
  });

  it('is off by default: no request leaves', async () => {
    standIn = await startRangeStandIn([breached]);
    await setup();
    expect((await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: breached }, jar: null })).status).toBe(200);
    expect(standIn.requests).toEqual([]);
  });
});
