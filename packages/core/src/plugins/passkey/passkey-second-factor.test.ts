import type { PublicKeyCredentialRequestOptionsJSON as AuthOptions } from '@simplewebauthn/server';
import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, type TestClient, useTestClients } from '../../test-kit.js';
import type { Passkey } from './store.js';
import { addPasskey, ORIGIN, SoftAuthenticator } from './test-kit.js';

/**
 * A passkey as the second factor of a password sign-in: POST /two-factor/verify-passkey, with
 * the options generate-authenticate-options gives while the sign-in waits.
 */
const PASSWORD = 'correct horse battery';
const TWO_FACTOR = 'better-auth.two_factor';
const TRUST = 'better-auth.trust_device';
const SESSION = 'better-auth.session_token';
const BAD_COOKIE = { status: 401, data: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'invalid two factor cookie' } };
const BAD_FACTOR = { status: 401, data: { code: 'INVALID_TWO_FACTOR_AUTHENTICATION', message: 'invalid two factor authentication' } };
const NO_CHALLENGE = { status: 400, data: { code: 'CHALLENGE_NOT_FOUND', message: 'Challenge not found' } };

type Verified = { token: string | null; user: { id: string; email: string } };

let t: TestClient;
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  t = await clients.open({ passkey: { enabled: true }, ...options });
}

/** Signs up, turns two-factor on (TOTP, confirmed by a first code) and, unless `passkey: false`, adds a passkey. */
async function person({ passkey = true } = {}) {
  const jar = t.newJar();
  const { email, data } = await t.signUp({}, jar);
  const userId = (data.user as { id: string }).id;
  const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
  const otp = URI.parse(enable.data.totpURI) as TOTP;
  const confirm = await t.json('/two-factor/verify-totp', { body: { code: otp.generate({ timestamp: t.clock.ms }) }, jar });
  expect(confirm.status).toBe(200);
  const added = passkey ? await addPasskey(t, { jar }) : null;
  // The confirming code's time step is spent; later codes come from later steps.
  t.clock.advance(60);
  const code = () => otp.generate({ timestamp: t.clock.ms });
  return { email, userId, jar, code, authenticator: added?.authenticator ?? new SoftAuthenticator(ORIGIN), passkeyId: added?.data.id as string | undefined };
}

/** A password sign-in in a fresh jar that stops at the second factor. */
async function pending(email: string, extra: Record<string, unknown> = {}, jar: CookieJar = t.newJar()) {
  const r = await t.json('/sign-in/email', { body: { email, password: PASSWORD, ...extra }, jar });
  expect(r.data).toMatchObject({ twoFactorRedirect: true });
  return jar;
}

/** The options the two-factor page asks for, answered by `authenticator`, sent to verify-passkey. */
async function answer(jar: CookieJar, authenticator: SoftAuthenticator, body: Record<string, unknown> = {}) {
  const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
  expect(options.status).toBe(200);
  const response = authenticator.authenticate(options.data);
  const r = await t.json<Verified>('/two-factor/verify-passkey', { jar, body: { response, ...body } });
  return { ...r, options: options.data, assertion: response };
}

const setCookie = (r: { response: Response }, name: string) => r.response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

async function sessionsOf(userId: string) {
  const ctx = await t.auth.context();
  return ctx.adapter.count('session', [{ field: 'userId', value: userId }]);
}

describe('passkey as second factor: the flow', () => {
  it('lists passkey among the sign-in’s twoFactorMethods only for a user who has one', async () => {
    await setup();
    const withKey = await person();
    const withoutKey = await person({ passkey: false });
    const signIn = async (email: string) => (await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: t.newJar() })).data;
    expect(await signIn(withKey.email)).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp', 'passkey'] });
    expect(await signIn(withoutKey.email)).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
  });

  it('names the waiting user’s passkeys in the options, and a passkey of theirs finishes the sign-in', async () => {
    await setup();
    const { email, userId, authenticator, jar: owner } = await person();
    const jar = await pending(email);
    const r = await answer(jar, authenticator);
    expect(r.options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    expect(r.options.userVerification).toBe('required');
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ id: userId, email: email.toLowerCase() });
    expect(typeof r.data.token).toBe('string');
    expect(setCookie(r, SESSION)).toMatch(/^better-auth\.session_token=[^;]+/);
    expect(setCookie(r, TWO_FACTOR)).toMatch(/Max-Age=0/);
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar })).data.user.id).toBe(userId);
    // A sign-in with the password as its first factor, audited as such.
    const ctx = await t.auth.context();
    const events = await ctx.adapter.findMany<{ details: { method: string } }>('auditEvent', {
      where: [
        { field: 'type', value: 'sign-in.success' },
        { field: 'userId', value: userId },
      ],
    });
    expect(events.at(-1)?.details.method).toBe('password');
    // The passkey was used: its counter and lastUsedAt moved.
    const [p] = (await t.json<Passkey[]>('/passkey/list-user-passkeys', { jar: owner })).data;
    expect(p.counter).toBe(1);
    expect(p.lastUsedAt).toBe(new Date(t.clock.ms).toISOString());
    // The pending sign-in is used up.
    expect(await t.json('/two-factor/verify-passkey', { jar, body: { response: r.assertion } })).toMatchObject(BAD_COOKIE);
  });

  it('keeps the password sign-in’s rememberMe, and trusts the device when asked', async () => {
    await setup();
    const { email, authenticator } = await person();
    const jar = await pending(email, { rememberMe: false });
    const r = await answer(jar, authenticator, { trustDevice: true });
    expect(r.status).toBe(200);
    // Not remembered: a browser-session cookie (no Max-Age).
    expect(setCookie(r, SESSION)).not.toMatch(/Max-Age/);
    expect(setCookie(r, TRUST)).toMatch(/Max-Age=2592000/);
    // The trusted browser's next password sign-in asks for no second factor.
    await t.json('/sign-out', { jar, body: {} });
    const again = await t.json<Verified>('/sign-in/email', { jar, body: { email, password: PASSWORD } });
    expect(again.status).toBe(200);
    expect(typeof again.data.token).toBe('string');
  });

  it('offers nothing to a waiting user without passkeys, and their codes still work', async () => {
    await setup();
    const { email, userId, code, authenticator: stranger } = await person({ passkey: false });
    const jar = await pending(email);
    const r = await answer(jar, stranger);
    expect(r.options.allowCredentials).toEqual([]);
    expect(r).toMatchObject(BAD_FACTOR);
    expect(await sessionsOf(userId)).toBe(1);
    expect((await t.json('/two-factor/verify-totp', { jar, body: { code: code() } })).status).toBe(200);
    expect(await sessionsOf(userId)).toBe(2);
  });

  it('a passkey of a user without two-factor is no second factor: their password sign-in has none', async () => {
    await setup();
    const jar = t.newJar();
    const { email } = await t.signUp({}, jar);
    await addPasskey(t, { jar });
    const r = await t.json<Verified>('/sign-in/email', { jar: t.newJar(), body: { email, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(typeof r.data.token).toBe('string');
  });

  it('refuses a malformed body by field', async () => {
    await setup();
    const { email } = await person();
    const jar = await pending(email);
    const r = await t.json<{ code: string; issues: { field: string }[] }>('/two-factor/verify-passkey', {
      jar,
      body: { response: { id: 'x' }, trustDevice: 'yes' },
    });
    expect(r.status).toBe(400);
    expect(r.data.code).toBe('VALIDATION_ERROR');
    expect(r.data.issues.map((i) => i.field)).toEqual(expect.arrayContaining(['response.rawId', 'trustDevice']));
  });

  it('is no route to anything when two-factor is off', async () => {
    await setup({ twoFactor: { enabled: false } });
    const jar = t.newJar();
    await t.signUp({}, jar);
    const { authenticator } = await addPasskey(t, { jar });
    const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
    const r = await t.json('/two-factor/verify-passkey', { jar, body: { response: authenticator.authenticate(options.data) } });
    expect(r).toMatchObject(BAD_COOKIE);
  });
});

describe('passkey as second factor: security', () => {
  it("refuses another user's passkey: the waiting user's own only", async () => {
    await setup();
    const victim = await person();
    const attacker = await person();
    const jar = await pending(victim.email);
    const r = await answer(jar, attacker.authenticator);
    expect(r).toMatchObject(BAD_FACTOR);
    expect(setCookie(r, SESSION)).toBeUndefined();
    expect(await sessionsOf(victim.userId)).toBe(1);
    expect(await sessionsOf(attacker.userId)).toBe(1);
    // The try was counted: the victim's own passkey still finishes the sign-in afterwards.
    expect((await answer(jar, victim.authenticator)).status).toBe(200);
  });

  it('refuses without a pending sign-in: no cookie, a signed-in caller, an expired wait', async () => {
    await setup();
    const { email, authenticator, jar: signedIn } = await person();
    // A browser that only asked for sign-in options.
    const none = t.newJar();
    const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar: none });
    expect(await t.json('/two-factor/verify-passkey', { jar: none, body: { response: authenticator.authenticate(options.data) } })).toMatchObject(BAD_COOKIE);
    // Signed in: nothing to finish.
    expect(await answer(signedIn, authenticator)).toMatchObject(BAD_COOKIE);
    // A wait of more than 10 minutes.
    const jar = await pending(email);
    t.clock.advance(601);
    expect(await answer(jar, authenticator)).toMatchObject(BAD_COOKIE);
  });

  it('needs a challenge asked for during the wait, by this browser', async () => {
    await setup();
    const { email, userId, authenticator } = await person();
    // Options asked before the password sign-in (the sign-in page's) name no user: refused.
    const jar = t.newJar();
    const early = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
    await pending(email, {}, jar);
    expect(await t.json('/two-factor/verify-passkey', { jar, body: { response: authenticator.authenticate(early.data) } })).toMatchObject(NO_CHALLENGE);
    // No challenge at all.
    expect(await t.json('/two-factor/verify-passkey', { jar, body: { response: authenticator.authenticate({ challenge: 'x' }) } })).toMatchObject(NO_CHALLENGE);
    // Another browser's challenge for the same waiting user.
    const other = await pending(email);
    const theirs = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar: other });
    await t.json('/passkey/generate-authenticate-options', { jar });
    const stolen = authenticator.authenticate(theirs.data);
    expect(await t.json('/two-factor/verify-passkey', { jar, body: { response: stolen } })).toMatchObject(BAD_FACTOR);
    expect(await sessionsOf(userId)).toBe(1);
  });

  it('refuses a replayed assertion, also under a new password sign-in', async () => {
    await setup();
    const { email, userId, authenticator } = await person();
    const jar = await pending(email);
    const first = await answer(jar, authenticator);
    expect(first.status).toBe(200);
    // An attacker who knows the password and recorded the assertion.
    const attacker = await pending(email);
    await t.json('/passkey/generate-authenticate-options', { jar: attacker });
    expect(await t.json('/two-factor/verify-passkey', { jar: attacker, body: { response: first.assertion } })).toMatchObject(BAD_FACTOR);
    expect(await sessionsOf(userId)).toBe(2);
  });

  it('refuses a wrong origin, no user verification and a counter rollback (audited)', async () => {
    await setup();
    const { email, userId, authenticator } = await person();
    const jar = await pending(email);
    const tryWith = async (overrides: Parameters<SoftAuthenticator['authenticate']>[1]) => {
      const options = await t.json<AuthOptions>('/passkey/generate-authenticate-options', { jar });
      return t.json('/two-factor/verify-passkey', { jar, body: { response: authenticator.authenticate(options.data, overrides) } });
    };
    expect(await tryWith({ origin: 'https://evil.example' })).toMatchObject(BAD_FACTOR);
    expect(await tryWith({ noUserVerification: true })).toMatchObject(BAD_FACTOR);
    // The authenticator was seen at 5 (a sign-in elsewhere); a clone reporting 3 is refused.
    const ctx = await t.auth.context();
    await ctx.adapter.updateMany('passkey', [{ field: 'userId', value: userId }], { counter: 5 });
    expect(await tryWith({ counter: 3 })).toMatchObject(BAD_FACTOR);
    expect(await ctx.adapter.count('auditEvent', [{ field: 'type', value: 'passkey.counter-rollback' }])).toBe(1);
    expect(await sessionsOf(userId)).toBe(1);
  });

  it('ends the waiting sign-in after maxAttempts failures, as wrong codes do', async () => {
    await setup({ twoFactor: { maxAttempts: 3 } });
    const victim = await person();
    const attacker = await person();
    const jar = await pending(victim.email);
    for (let i = 0; i < 3; i++) expect(await answer(jar, attacker.authenticator)).toMatchObject(BAD_FACTOR);
    expect(await answer(jar, victim.authenticator)).toMatchObject(BAD_COOKIE);
    expect(await sessionsOf(victim.userId)).toBe(1);
  });

  it('is rate limited like the code checks when rate limiting is on', async () => {
    await setup({ rateLimit: { enabled: true } });
    const { email, authenticator } = await person();
    const jar = await pending(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.json('/two-factor/verify-passkey', { jar, body: { response: authenticator.authenticate({ challenge: 'x' }) } })).status);
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
