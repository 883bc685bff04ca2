import { TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { APIError, type CookieJar, type GatehouseOptions, type Mail, type TestClient, useTestClients } from '../../test-kit.js';

const PASSWORD = 'correct horse battery';
const TWO_FACTOR = 'better-auth.two_factor';
const TRUST = 'better-auth.trust_device';
const SESSION = 'better-auth.session_token';
const BAD_COOKIE = { status: 401, data: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'invalid two factor cookie' } };
const BAD_CODE = { status: 401, data: { code: 'INVALID_TWO_FACTOR_AUTHENTICATION', message: 'invalid two factor authentication' } };
const BAD_PASSWORD = { status: 400, data: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };

type User = { id: string; email: string; twoFactorEnabled?: boolean };
type Verified = { token: string | null; user: User };

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}) {
  ({ t, mails } = await clients.openWithMail(options));
}

/** The current code of an otpauth:// URI on the test clock (as the person's authenticator app would show it). */
function codeFor(uri: string, at = t.clock.ms): string {
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error('not a TOTP URI');
  return otp.generate({ timestamp: at });
}

/** Signs up in `jar`, enables two-factor and confirms it with a first code. */
async function enrolled(jar: CookieJar = t.newJar()) {
  const { email, data } = await t.signUp({}, jar);
  const enable = await t.json<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
  expect(enable.status).toBe(200);
  const confirm = await t.json<Verified>('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar });
  expect(confirm.status).toBe(200);
  expect(confirm.data.user.twoFactorEnabled).toBe(true);
  // The confirming code's time step is spent; later codes come from later steps.
  t.clock.advance(60);
  return { email, userId: (data.user as User).id, uri: enable.data.totpURI, backupCodes: enable.data.backupCodes, jar };
}

/** A password sign-in in a fresh jar (or `jar`), expected to stop at the second factor. */
async function pendingSignIn(email: string, jar: CookieJar = t.newJar(), extra: Record<string, unknown> = {}) {
  const r = await t.json('/sign-in/email', { body: { email, password: PASSWORD, ...extra }, jar });
  expect(r.status).toBe(200);
  expect(r.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
  return jar;
}

function setCookie(r: { response: Response }, name: string): string | undefined {
  return r.response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function otpFrom(mail: Mail): string {
  const line = mail.text.split('\n').find((l) => /^\d{6}$/.test(l));
  if (!line) throw new Error(`no code in mail: ${mail.text}`);
  return line;
}

async function pendingRecords(): Promise<number> {
  const ctx = await t.auth.context();
  return ctx.adapter.count('verification', [{ field: 'identifier', value: 'two-factor:', operator: 'starts_with' }]);
}

describe('two-factor: enrolment', () => {
  it('enable needs a session and the password, and answers a TOTP URI and 10 backup codes', async () => {
    await setup();
    expect((await t.json('/two-factor/enable', { body: { password: PASSWORD }, jar: null })).status).toBe(401);
    const { email } = await t.signUp();
    expect(await t.json('/two-factor/enable', { body: { password: 'wrong password' } })).toMatchObject(BAD_PASSWORD);
    const r = await t.json<{ method: string; totpURI: string; backupCodes: string[] }>('/two-factor/enable', { body: { password: PASSWORD } });
    expect(r.status).toBe(200);
    // better-auth 1.7's answer names the method (its client narrows on it).
    expect(Object.keys(r.data).sort()).toEqual(['backupCodes', 'method', 'totpURI']);
    expect(r.data.method).toBe('totp');
    expect(r.data.totpURI.startsWith(`otpauth://totp/Gatehouse:${encodeURIComponent(email.toLowerCase())}?`)).toBe(true);
    expect(r.data.totpURI).toContain('issuer=Gatehouse');
    expect(r.data.backupCodes).toHaveLength(10);
    for (const c of r.data.backupCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Secret and codes are encrypted at rest.
    const ctx = await t.auth.context();
    const row = (await ctx.adapter.findOne('twoFactor', []))!;
    const secret = (URI.parse(r.data.totpURI) as TOTP).secret.base32;
    expect(String(row.secret).startsWith('v1.')).toBe(true);
    expect(String(row.secret)).not.toContain(secret);
    expect(String(row.backupCodes)).not.toContain(r.data.backupCodes[0]);
  });

  it('is not enforced until a first code is verified', async () => {
    await setup();
    const { email } = await t.signUp();
    const { data } = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD } });
    // Enabled but unconfirmed: sign-in still answers a session.
    const before = await t.json<Verified>('/sign-in/email', { body: { email, password: PASSWORD }, jar: t.newJar() });
    expect(typeof before.data.token).toBe('string');
    expect(before.data.user.twoFactorEnabled).toBe(false);

    expect(await t.json('/two-factor/verify-totp', { body: { code: '000000' } })).toMatchObject(BAD_CODE);
    const ok = await t.json<Verified>('/two-factor/verify-totp', { body: { code: codeFor(data.totpURI) } });
    expect(ok.status).toBe(200);
    expect(ok.data.user.twoFactorEnabled).toBe(true);
    expect(typeof ok.data.token).toBe('string');
    await pendingSignIn(email);
  });

  it('uses the configured issuer', async () => {
    await setup({ twoFactor: { issuer: 'Acme Corp' } });
    await t.signUp();
    const r = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD } });
    expect(URI.parse(r.data.totpURI).issuer).toBe('Acme Corp');
  });

  it('get-totp-uri answers the enrolled URI behind the password', async () => {
    await setup();
    const jar = t.newJar();
    await t.signUp({}, jar);
    expect(await t.json('/two-factor/get-totp-uri', { body: { password: PASSWORD }, jar })).toMatchObject({
      status: 400,
      data: { code: 'TOTP_NOT_ENABLED' },
    });
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
    expect(await t.json('/two-factor/get-totp-uri', { body: { password: 'nope nope nope' }, jar })).toMatchObject(BAD_PASSWORD);
    const r = await t.json('/two-factor/get-totp-uri', { body: { password: PASSWORD }, jar });
    expect(r).toMatchObject({ status: 200, data: { totpURI: enable.data.totpURI } });
    expect((await t.json('/two-factor/get-totp-uri', { body: { password: PASSWORD }, jar: null })).status).toBe(401);
  });

  it('disable needs the password, turns two-factor off and answers status true', async () => {
    await setup();
    const { email, jar } = await enrolled();
    expect(await t.json('/two-factor/disable', { body: { password: 'wrong password' }, jar })).toMatchObject(BAD_PASSWORD);
    expect(await t.json('/two-factor/disable', { body: { password: PASSWORD }, jar })).toMatchObject({ status: 200, data: { status: true } });
    const s = await t.json<{ user: User }>('/get-session?disableCookieCache=true', { jar });
    expect(s.data.user.twoFactorEnabled).toBe(false);
    const again = await t.json<Verified>('/sign-in/email', { body: { email, password: PASSWORD }, jar: t.newJar() });
    expect(typeof again.data.token).toBe('string');
    expect((await t.json('/two-factor/disable', { body: { password: PASSWORD }, jar: null })).status).toBe(401);
  });

  it("without a password login every password-guarded route answers 'No password credential found' (spec section 5)", async () => {
    await setup();
    const jar = t.newJar();
    const { data } = await t.signUp({}, jar);
    const userId = (data.user as User).id;
    const { adapter } = await t.auth.context();
    const NO_CREDENTIAL = { status: 400, data: { code: 'NO_PASSWORD_CREDENTIAL_FOUND', message: 'No password credential found' } };
    const routes = ['/two-factor/enable', '/two-factor/get-totp-uri', '/two-factor/disable', '/two-factor/generate-backup-codes'];
    // A credential account without a password, then none at all (a social-only user).
    await adapter.update('account', [{ field: 'userId', value: userId }], { password: null });
    for (const path of routes) expect(await t.json(path, { body: { password: PASSWORD }, jar }), path).toMatchObject(NO_CREDENTIAL);
    await adapter.delete('account', [{ field: 'userId', value: userId }]);
    for (const path of routes) expect(await t.json(path, { body: { password: PASSWORD }, jar }), path).toMatchObject(NO_CREDENTIAL);
    expect((await adapter.findOne<{ twoFactorEnabled: boolean | null }>('user', [{ field: 'id', value: userId }]))!.twoFactorEnabled).not.toBe(true);
  });
});

describe('two-factor: password sign-in', () => {
  it('answers twoFactorRedirect with a 10-minute two-factor cookie and no session', async () => {
    await setup();
    const { email } = await enrolled();
    const jar = t.newJar();
    const r = await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar });
    expect(r.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(setCookie(r, TWO_FACTOR)).toMatch(/Max-Age=600;.*HttpOnly/);
    expect(setCookie(r, SESSION)).toBeUndefined();
    // The pending sign-in is no session at all.
    expect((await t.json('/get-session', { jar })).data).toBeNull();
    expect((await t.json('/list-sessions', { jar })).status).toBe(401);
    expect((await t.json('/two-factor/enable', { body: { password: PASSWORD }, jar })).status).toBe(401);
    expect((await t.json('/two-factor/disable', { body: { password: PASSWORD }, jar })).status).toBe(401);
    // A wrong password is still a plain 401, whatever two-factor says.
    const wrong = await t.json('/sign-in/email', { body: { email, password: 'wrong password' }, jar: t.newJar() });
    expect(wrong.status).toBe(401);
  });

  it('verify-totp with the two-factor cookie makes the session and answers token and user', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const jar = await pendingSignIn(email);
    const r = await t.json<Verified>('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar });
    expect(r.status).toBe(200);
    expect(r.data.user.email).toBe(email.toLowerCase());
    expect(typeof r.data.token).toBe('string');
    expect(setCookie(r, TWO_FACTOR)).toMatch(/Max-Age=0/);
    expect(setCookie(r, SESSION)).toMatch(/Max-Age=604800/);
    const s = await t.json<{ user: User }>('/get-session', { jar });
    expect(s.data.user.email).toBe(email.toLowerCase());
    expect(await pendingRecords()).toBe(0);
  });

  it('accepts a code one step old or ahead, not two', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const jar = await pendingSignIn(email);
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri, t.clock.ms - 60_000) }, jar })).toMatchObject(BAD_CODE);
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri, t.clock.ms + 60_000) }, jar })).toMatchObject(BAD_CODE);
    expect((await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri, t.clock.ms - 30_000) }, jar })).status).toBe(200);
    const jar2 = await pendingSignIn(email);
    expect((await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri, t.clock.ms + 30_000) }, jar: jar2 })).status).toBe(200);
  });

  it('a TOTP code is good once: its time step (and older ones) is refused afterwards', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const code = codeFor(uri);
    expect((await t.json('/two-factor/verify-totp', { body: { code }, jar: await pendingSignIn(email) })).status).toBe(200);
    expect(await t.json('/two-factor/verify-totp', { body: { code }, jar: await pendingSignIn(email) })).toMatchObject(BAD_CODE);
    const older = codeFor(uri, t.clock.ms - 30_000);
    expect(await t.json('/two-factor/verify-totp', { body: { code: older }, jar: await pendingSignIn(email) })).toMatchObject(BAD_CODE);
    t.clock.advance(30);
    expect((await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: await pendingSignIn(email) })).status).toBe(200);
  });

  it('honours rememberMe false from the sign-in', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const jar = await pendingSignIn(email, t.newJar(), { rememberMe: false });
    const r = await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar });
    expect(r.status).toBe(200);
    expect(setCookie(r, SESSION)).not.toMatch(/Max-Age/);
    expect(setCookie(r, 'better-auth.dont_remember')).toBeDefined();
  });

  it('refuses a missing, forged, expired or used two-factor cookie', async () => {
    await setup();
    const { email, uri } = await enrolled();
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: null })).toMatchObject(BAD_COOKIE);
    expect(
      await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: null, headers: { cookie: `${TWO_FACTOR}=forged.value` } }),
    ).toMatchObject(BAD_COOKIE);

    const expired = await pendingSignIn(email);
    t.clock.advance(601);
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: expired })).toMatchObject(BAD_COOKIE);

    const jar = await pendingSignIn(email);
    const cookie = jar.header();
    expect((await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar })).status).toBe(200);
    // Replaying the same two-factor cookie (without the new session) is refused.
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: null, headers: { cookie } })).toMatchObject(BAD_COOKIE);
  });

  it('ends the pending sign-in after 5 wrong codes', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const jar = await pendingSignIn(email);
    for (let i = 0; i < 5; i++) {
      expect(await t.json('/two-factor/verify-totp', { body: { code: 'abcdef' }, jar: null, headers: { cookie: jar.header() } })).toMatchObject(BAD_CODE);
    }
    expect(await pendingRecords()).toBe(0);
    expect(await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: null, headers: { cookie: jar.header() } })).toMatchObject(BAD_COOKIE);

    // Four wrong codes (any kind) still leave the fifth try.
    const again = await pendingSignIn(email);
    for (const path of ['/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/verify-backup-code', '/two-factor/verify-totp']) {
      expect(await t.json(path, { body: { code: '123456' }, jar: again })).toMatchObject(BAD_CODE);
    }
    expect((await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar: again })).status).toBe(200);
  });

  it('counts parallel guesses: no more than 5 are ever checked', async () => {
    await setup();
    const { email } = await enrolled();
    const jar = await pendingSignIn(email);
    const cookie = jar.header();
    const results = await Promise.all(
      Array.from({ length: 9 }, () => t.json<{ code: string }>('/two-factor/verify-totp', { body: { code: '000000' }, jar: null, headers: { cookie } })),
    );
    expect(results.every((r) => r.status === 401)).toBe(true);
    expect(results.filter((r) => r.data.code === 'INVALID_TWO_FACTOR_AUTHENTICATION').length).toBeLessThanOrEqual(5);
    expect(await pendingRecords()).toBe(0);
  });

  it('also stops sign-in by username', async () => {
    await setup();
    const jar = t.newJar();
    await t.signUp({ username: 'tfa_user' }, jar);
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
    await t.json('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar });
    const r = await t.json('/sign-in/username', { body: { username: 'tfa_user', password: PASSWORD }, jar: t.newJar() });
    expect(r.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(setCookie(r, TWO_FACTOR)).toBeDefined();
  });
});

describe('two-factor: other plugins', () => {
  it("a plugin's sign-in check (e.g. a ban) still runs when the second factor completes the sign-in", async () => {
    const banned = new Set<string>();
    await setup({
      plugins: [
        {
          id: 'test-ban',
          async beforeSignIn(_c, { user }) {
            if (banned.has(String(user.id))) throw new APIError('FORBIDDEN', 'BANNED_USER', 'You have been banned from this application');
            return undefined;
          },
        },
      ],
    });
    const { email, uri, userId } = await enrolled();
    const jar = await pendingSignIn(email);
    banned.add(userId);
    const r = await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri) }, jar });
    expect(r).toMatchObject({ status: 403, data: { code: 'BANNED_USER' } });
    expect((await t.json('/get-session', { jar })).data).toBeNull();
  });
});

describe('two-factor: codes by mail', () => {
  it('send-otp mails a 6-digit code on a line of its own; verify-otp uses it once', async () => {
    await setup();
    const { email } = await enrolled();
    const jar = await pendingSignIn(email);
    const sent = await t.json('/two-factor/send-otp', { method: 'POST', jar });
    expect(sent).toMatchObject({ status: 200, data: { status: true } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email.toLowerCase());
    const code = otpFrom(mails[0]!);

    expect(await t.json('/two-factor/verify-otp', { body: { code: code === '000000' ? '000001' : '000000' }, jar })).toMatchObject(BAD_CODE);
    const r = await t.json<Verified>('/two-factor/verify-otp', { body: { code }, jar });
    expect(r.status).toBe(200);
    expect(typeof r.data.token).toBe('string');
    expect((await t.json<{ user: User }>('/get-session', { jar })).data.user.email).toBe(email.toLowerCase());

    // The used code does not open a second sign-in.
    const replay = await pendingSignIn(email);
    expect(await t.json('/two-factor/verify-otp', { body: { code }, jar: replay })).toMatchObject(BAD_CODE);
  });

  it('a code expires after otpExpiresIn, and a new one replaces the last', async () => {
    await setup({ twoFactor: { otpExpiresIn: 120 } });
    const { email } = await enrolled();
    const jar = await pendingSignIn(email);
    await t.json('/two-factor/send-otp', { method: 'POST', jar });
    t.clock.advance(121);
    expect(await t.json('/two-factor/verify-otp', { body: { code: otpFrom(mails[0]!) }, jar })).toMatchObject(BAD_CODE);

    await t.json('/two-factor/send-otp', { method: 'POST', jar });
    await t.json('/two-factor/send-otp', { method: 'POST', jar });
    const [older, newer] = [otpFrom(mails[1]!), otpFrom(mails[2]!)];
    if (older !== newer) expect(await t.json('/two-factor/verify-otp', { body: { code: older }, jar })).toMatchObject(BAD_CODE);
    expect((await t.json('/two-factor/verify-otp', { body: { code: newer }, jar })).status).toBe(200);
  });

  it('send-otp needs a two-factor cookie or a session', async () => {
    await setup();
    expect(await t.json('/two-factor/send-otp', { method: 'POST', jar: null })).toMatchObject(BAD_COOKIE);
    expect(mails).toHaveLength(0);
  });
});

describe('two-factor: backup codes', () => {
  it('a backup code signs in once; typed in capitals or without the dash it still counts', async () => {
    await setup();
    const { email, backupCodes } = await enrolled();
    const jar = await pendingSignIn(email);
    const r = await t.json<Verified>('/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, jar });
    expect(r.status).toBe(200);
    expect(typeof r.data.token).toBe('string');
    expect((await t.json<{ user: User }>('/get-session', { jar })).data.user.email).toBe(email.toLowerCase());

    const replay = await pendingSignIn(email);
    expect(await t.json('/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, jar: replay })).toMatchObject(BAD_CODE);
    const typed = backupCodes[1]!.toUpperCase().replace('-', '');
    expect((await t.json('/two-factor/verify-backup-code', { body: { code: typed }, jar: replay })).status).toBe(200);
  });

  it('two parallel uses of one code: exactly one wins', async () => {
    await setup();
    const { email, backupCodes } = await enrolled();
    const [a, b] = [await pendingSignIn(email), await pendingSignIn(email)];
    const results = await Promise.all([a, b].map((jar) => t.json('/two-factor/verify-backup-code', { body: { code: backupCodes[2] }, jar })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('disableSession checks and spends the code without making a session', async () => {
    await setup();
    const { email, backupCodes } = await enrolled();
    const jar = await pendingSignIn(email);
    const r = await t.json<Verified>('/two-factor/verify-backup-code', { body: { code: backupCodes[3], disableSession: true }, jar });
    expect(r.status).toBe(200);
    expect(r.data.token).toBeNull();
    expect(r.data.user.email).toBe(email.toLowerCase());
    expect(setCookie(r, SESSION)).toBeUndefined();
    expect((await t.json('/get-session', { jar })).data).toBeNull();
    expect(await pendingRecords()).toBe(0);
  });

  it('generate-backup-codes replaces the codes, behind the password', async () => {
    await setup();
    const { email, backupCodes, jar } = await enrolled();
    expect(await t.json('/two-factor/generate-backup-codes', { body: { password: 'wrong password' }, jar })).toMatchObject(BAD_PASSWORD);
    const r = await t.json<{ status: boolean; backupCodes: string[] }>('/two-factor/generate-backup-codes', { body: { password: PASSWORD }, jar });
    expect(r.status).toBe(200);
    expect(r.data.status).toBe(true);
    expect(r.data.backupCodes).toHaveLength(10);
    const pending = await pendingSignIn(email);
    expect(await t.json('/two-factor/verify-backup-code', { body: { code: backupCodes[5] }, jar: pending })).toMatchObject(BAD_CODE);
    expect((await t.json('/two-factor/verify-backup-code', { body: { code: r.data.backupCodes[0] }, jar: pending })).status).toBe(200);

    const plain = t.newJar();
    await t.signUp({}, plain);
    expect(await t.json('/two-factor/generate-backup-codes', { body: { password: PASSWORD }, jar: plain })).toMatchObject({
      status: 400,
      data: { code: 'TWO_FACTOR_NOT_ENABLED' },
    });
  });
});

describe('two-factor: trusted devices', () => {
  it('trustDevice sets a 30-day cookie that lets this browser skip the second factor until it expires', async () => {
    await setup();
    const { email, uri } = await enrolled();
    const browser = await pendingSignIn(email);
    const r = await t.json('/two-factor/verify-totp', { body: { code: codeFor(uri), trustDevice: true }, jar: browser });
    expect(r.status).toBe(200);
    expect(setCookie(r, TRUST)).toMatch(/Max-Age=2592000;.*HttpOnly/);

    await t.json('/sign-out', { method: 'POST', jar: browser });
    const skipped = await t.json<Verified>('/sign-in/email', { body: { email, password: PASSWORD }, jar: browser });
    expect(typeof skipped.data.token).toBe('string');
    // Another browser still gets the challenge.
    await pendingSignIn(email);

    t.clock.advance(2_592_000 + 1);
    await pendingSignIn(email, browser);
  });

  it('disabling two-factor forgets trusted browsers; a trust cookie does not carry to another user', async () => {
    await setup();
    const alice = await enrolled();
    const browser = await pendingSignIn(alice.email);
    await t.json('/two-factor/verify-totp', { body: { code: codeFor(alice.uri), trustDevice: true }, jar: browser });
    const trust = browser.get(TRUST)!;
    expect(trust).toBeDefined();

    const bob = await enrolled();
    const other = t.newJar();
    other.cookies.set(TRUST, trust);
    await pendingSignIn(bob.email, other);

    // Alice turns two-factor off (from another browser) and on again.
    const settings = alice.jar;
    const ctx = await t.auth.context();
    const trusted = () => ctx.adapter.count('verification', [{ field: 'identifier', value: `two-factor-trust:${alice.userId}` }]);
    expect(await trusted()).toBe(1);
    await t.json('/two-factor/disable', { body: { password: PASSWORD }, jar: settings });
    expect(await trusted()).toBe(0);
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar: settings });
    await t.json('/two-factor/verify-totp', { body: { code: codeFor(enable.data.totpURI) }, jar: settings });
    const stale = t.newJar();
    stale.cookies.set(TRUST, trust);
    await pendingSignIn(alice.email, stale);
  });

  it('a signed-in user can trust this browser with a code', async () => {
    await setup();
    const { email, uri, jar } = await enrolled();
    const r = await t.json<Verified>('/two-factor/verify-totp', { body: { code: codeFor(uri), trustDevice: true }, jar });
    expect(r.status).toBe(200);
    expect(setCookie(r, TRUST)).toBeDefined();
    await t.json('/sign-out', { method: 'POST', jar });
    const skipped = await t.json<Verified>('/sign-in/email', { body: { email, password: PASSWORD }, jar });
    expect(typeof skipped.data.token).toBe('string');
  });
});

describe('two-factor: turned off', () => {
  it('with twoFactor.enabled false the routes answer 404 and the fields do not exist', async () => {
    await setup({ twoFactor: { enabled: false } });
    const { data } = await t.signUp();
    expect(data.user).not.toHaveProperty('twoFactorEnabled');
    for (const path of [
      '/two-factor/enable',
      '/two-factor/disable',
      '/two-factor/get-totp-uri',
      '/two-factor/generate-backup-codes',
      '/two-factor/verify-totp',
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      '/two-factor/verify-backup-code',
    ]) {
      expect((await t.request(path, { body: { password: PASSWORD, code: '123456' } })).status).toBe(404);
    }
    const ctx = await t.auth.context();
    expect(ctx.schema.twoFactor).toBeUndefined();
    expect(ctx.schema.user!.fields.twoFactorEnabled).toBeUndefined();
  });
});
