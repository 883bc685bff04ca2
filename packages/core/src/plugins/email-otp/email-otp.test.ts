import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { type GatehouseOptions, type Mail, type TestClient, uniqueEmail, useTestClients } from '../../test-kit.js';
import type { EmailOTPOptions } from './config.js';
import { codeIn, lastCode, sendOtp, signInOtp, withEmailOtp, wrongCode } from './test-kit.js';

const PASSWORD = 'correct horse battery';
const INVALID = { status: 400, data: { code: 'INVALID_OTP', message: 'Invalid OTP' } };
const EXPIRED = { status: 400, data: { code: 'OTP_EXPIRED', message: 'OTP expired' } };
const TOO_MANY = { status: 403, data: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' } };

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}, otp: EmailOTPOptions = {}) {
  ({ t, mails } = await clients.openWithMail(withEmailOtp(options, otp)));
  return t.auth.context();
}

const post = (path: string, body: Record<string, unknown>, jar = t.newJar()) => t.json<Record<string, unknown>>(path, { body, jar });
const audits = async (type: string) => {
  const ctx = await t.auth.context();
  return ctx.adapter.findMany<{ userId: string; details: Record<string, unknown> }>('auditEvent', { where: [{ field: 'type', value: type }] });
};
const userRow = async (email: string) =>
  (await t.auth.context()).adapter.findOne<{ id: string; emailVerified: boolean; name: string }>('user', [{ field: 'email', value: email }]);

describe('email OTP: off unless configured', () => {
  it('has no routes and says so in /providers when not enabled', async () => {
    ({ t } = await clients.openWithMail());
    expect((await sendOtp(t, uniqueEmail())).status).toBe(404);
    expect((await t.json('/sign-in/email-otp', { body: { email: uniqueEmail(), otp: '123456' } })).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.emailOTP).toBe(false);
  });

  it('says so in /providers when on', async () => {
    await setup();
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.emailOTP).toBe(true);
  });

  it('refuses options out of range when the instance is built', async () => {
    await expect(clients.open(withEmailOtp({}, { otpLength: 3 }))).rejects.toThrow(
      'Gatehouse options: emailOTP.otpLength: must be a whole number from 4 to 12',
    );
    await expect(clients.open(withEmailOtp({}, { allowedAttempts: 0 }))).rejects.toThrow(
      'Gatehouse options: emailOTP.allowedAttempts: must be a whole number from 1 to 10',
    );
    await expect(clients.open(withEmailOtp({}, { sendWindow: 0 }))).rejects.toThrow(
      'Gatehouse options: emailOTP.sendWindow: must be a whole number from 1 to 86400',
    );
  });
});

describe('POST /email-otp/send-verification-otp', () => {
  it('mails a 6-digit sign-in code alone on a line and answers { success: true }', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    const r = await sendOtp(t, email);
    expect(r).toMatchObject({ status: 200, data: { success: true } });
    expect(Object.keys(r.data)).toEqual(['success']);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Your sign-in code' });
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('valid for 5 minutes');
    expect(mail.html).toContain(codeIn(mail));
  });

  it('names each purpose in the mail', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'email-verification');
    expect(mails.at(-1)!.subject).toBe('Your email verification code');
    await sendOtp(t, email, 'forget-password');
    expect(mails.at(-1)!.subject).toBe('Your password reset code');
  });

  it('takes otpLength and expiresIn from the options', async () => {
    await setup({}, { otpLength: 8, expiresIn: 600 });
    const email = uniqueEmail();
    await sendOtp(t, email);
    expect(lastCode(mails, email)).toMatch(/^\d{8}$/);
    expect(mails.at(-1)!.text).toContain('valid for 10 minutes');
  });

  it('lowercases the address and refuses what is not one', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, `  ${email.toUpperCase()} `);
    expect(mails.at(-1)!.to).toBe(email);
    expect(await sendOtp(t, 'not-an-address')).toMatchObject({ status: 400, data: { code: 'INVALID_EMAIL' } });
  });

  it('refuses an unknown type by field', async () => {
    await setup();
    const r = await t.json<{ code: string; issues: { field: string }[] }>('/email-otp/send-verification-otp', {
      body: { email: uniqueEmail(), type: 'change-email' },
    });
    expect(r.status).toBe(400);
    expect(r.data.code).toBe('VALIDATION_ERROR');
    expect(r.data.issues.map((i) => i.field)).toEqual(['type']);
  });

  it('sends no email-verification code to a verified address and no reset code to an unknown one, with the same answer', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await t.auth.context().then((ctx) => ctx.adapter.update('user', [{ field: 'email', value: email }], { emailVerified: true }));
    const before = mails.length;
    expect(await sendOtp(t, email, 'email-verification')).toMatchObject({ status: 200, data: { success: true } });
    expect(await sendOtp(t, uniqueEmail('nobody'), 'forget-password')).toMatchObject({ status: 200, data: { success: true } });
    expect(await sendOtp(t, uniqueEmail('nobody'), 'email-verification')).toMatchObject({ status: 200, data: { success: true } });
    expect(mails.length).toBe(before);
  });

  it('allows sendLimit codes per address per window, then 429 with Retry-After; other addresses go on', async () => {
    await setup({}, { sendLimit: 2, sendWindow: 60 });
    const email = uniqueEmail();
    expect((await sendOtp(t, email)).status).toBe(200);
    expect((await sendOtp(t, email.toUpperCase())).status).toBe(200);
    const r = await sendOtp(t, email);
    expect(r).toMatchObject({ status: 429, data: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(r.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sendOtp(t, uniqueEmail())).status).toBe(200);
    t.clock.advance(61);
    expect((await sendOtp(t, email)).status).toBe(200);
  });

  it('hands the code to sendVerificationOTP when given, instead of the built-in mail', async () => {
    const sent: { email: string; otp: string; type: string }[] = [];
    await setup({}, { sendVerificationOTP: async (m) => void sent.push(m) });
    const email = uniqueEmail();
    await sendOtp(t, email);
    expect(mails).toHaveLength(0);
    expect(sent).toEqual([{ email, otp: expect.stringMatching(/^\d{6}$/), type: 'sign-in' }]);
    expect(await signInOtp(t, email, sent[0]!.otp)).toMatchObject({ status: 200 });
  });

  it('leaves no usable code behind when the mail cannot be sent', async () => {
    let fail = true;
    let otp = '';
    await setup(
      {},
      {
        sendVerificationOTP: async (m) => {
          otp = m.otp;
          if (fail) throw new Error('smtp down');
        },
      },
    );
    const email = uniqueEmail();
    expect(await sendOtp(t, email)).toMatchObject({ status: 200, data: { success: true } });
    expect(await signInOtp(t, email, otp)).toMatchObject(INVALID);
    fail = false;
    await sendOtp(t, email);
    expect((await signInOtp(t, email, otp)).status).toBe(200);
  });

  it('refuses reset codes while email and password is off', async () => {
    await setup({ emailAndPassword: { enabled: false } });
    expect(await sendOtp(t, uniqueEmail(), 'forget-password')).toMatchObject({ status: 400, data: { code: 'RESET_PASSWORD_DISABLED' } });
  });
});

describe('POST /sign-in/email-otp', () => {
  it('signs an existing user in: { token, user }, session cookies, audit method email-otp', async () => {
    await setup();
    const { email, data } = await t.signUp({ name: 'Ada' }, t.newJar());
    const userId = (data.user as { id: string }).id;
    await sendOtp(t, email);
    const jar = t.newJar();
    const r = await signInOtp(t, email, lastCode(mails, email), jar);
    expect(r.status).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual(['token', 'user']);
    expect(r.data.user).toMatchObject({ id: userId, email, name: 'Ada' });
    expect(r.response.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/);
    const session = await t.json<{ user: { id: string } }>('/get-session', { jar });
    expect(session.data.user.id).toBe(userId);
    expect((await audits('sign-in.success')).filter((a) => a.details.method === 'email-otp')).toMatchObject([{ userId }]);
  });

  it('creates a verified user without a password for a new address', async () => {
    await setup();
    const email = uniqueEmail('new');
    expect(await sendOtp(t, email)).toMatchObject({ status: 200, data: { success: true } });
    const jar = t.newJar();
    const r = await signInOtp(t, email, lastCode(mails, email), jar);
    expect(r).toMatchObject({ status: 200, data: { user: { email, emailVerified: true, name: '' } } });
    const user = await userRow(email);
    expect(user).toMatchObject({ emailVerified: true });
    expect(await (await t.auth.context()).adapter.findMany('account', { where: [{ field: 'userId', value: user!.id }] })).toEqual([]);
    expect(await audits('sign-up')).toMatchObject([{ userId: user!.id, details: { method: 'email-otp' } }]);
    expect((await t.json('/get-session', { jar })).data).toMatchObject({ user: { email } });
  });

  it('with disableSignUp mails no code to a new address, answers the same, and makes no account', async () => {
    await setup({}, { disableSignUp: true });
    const email = uniqueEmail('new');
    expect(await sendOtp(t, email)).toMatchObject({ status: 200, data: { success: true } });
    expect(mails).toHaveLength(0);
    expect(await signInOtp(t, email, '123456')).toMatchObject(INVALID);
    expect(await userRow(email)).toBeNull();
    // Existing users still sign in.
    const known = await t.signUp({}, t.newJar());
    await sendOtp(t, known.email);
    expect((await signInOtp(t, known.email, lastCode(mails, known.email))).status).toBe(200);
  });

  it('verifies an unverified address, so requireEmailVerification is met by the code', async () => {
    await setup({ emailAndPassword: { requireEmailVerification: true } });
    const { email } = await t.signUp({}, t.newJar());
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: null })).data).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    await sendOtp(t, email);
    const r = await signInOtp(t, email, lastCode(mails, email));
    expect(r).toMatchObject({ status: 200, data: { user: { emailVerified: true } } });
    expect(await audits('email.verify')).toHaveLength(1);
  });

  it('refuses a wrong code with 400 INVALID_OTP and audits the failure', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    expect(await signInOtp(t, email, wrongCode(lastCode(mails, email)))).toMatchObject(INVALID);
    expect(await signInOtp(t, email, 'abcdef')).toMatchObject(INVALID);
    expect(await audits('sign-in.failure')).toMatchObject([{ details: { method: 'email-otp', reason: 'INVALID_OTP' } }, { details: { method: 'email-otp' } }]);
  });

  it('refuses when no code was sent', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    expect(await signInOtp(t, email, '123456')).toMatchObject(INVALID);
  });

  it('allows 3 tries: the third wrong one answers 403 TOO_MANY_ATTEMPTS and the code is gone', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    expect(await signInOtp(t, email, wrongCode(code))).toMatchObject(INVALID);
    expect(await signInOtp(t, email, wrongCode(code))).toMatchObject(INVALID);
    expect(await signInOtp(t, email, wrongCode(code))).toMatchObject(TOO_MANY);
    expect(await signInOtp(t, email, code)).toMatchObject(INVALID);
    // A new code works again.
    await sendOtp(t, email);
    expect((await signInOtp(t, email, lastCode(mails, email))).status).toBe(200);
  });

  it('takes allowedAttempts from the options', async () => {
    await setup({}, { allowedAttempts: 1 });
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    expect(await signInOtp(t, email, wrongCode(code))).toMatchObject(TOO_MANY);
    expect(await signInOtp(t, email, code)).toMatchObject(INVALID);
  });

  it('refuses an expired code with 400 OTP_EXPIRED, then as no code', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    t.clock.advance(299);
    await sendOtp(t, uniqueEmail()); // another address's send clears only expired codes
    t.clock.advance(2);
    expect(await signInOtp(t, email, code)).toMatchObject(EXPIRED);
    expect(await signInOtp(t, email, code)).toMatchObject(INVALID);
  });

  it('accepts a code once', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    expect((await signInOtp(t, email, code)).status).toBe(200);
    expect(await signInOtp(t, email, code)).toMatchObject(INVALID);
  });

  it('replaces the last code with a new one', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const first = lastCode(mails, email);
    await sendOtp(t, email);
    const second = lastCode(mails, email);
    if (first !== second) expect(await signInOtp(t, email, first)).toMatchObject(INVALID);
    expect((await signInOtp(t, email, second)).status).toBe(200);
  });

  it('takes a code only for its own purpose and address', async () => {
    await setup();
    const a = await t.signUp({}, t.newJar());
    const b = await t.signUp({}, t.newJar());
    await sendOtp(t, a.email, 'forget-password');
    const code = lastCode(mails, a.email);
    expect(await signInOtp(t, a.email, code)).toMatchObject(INVALID);
    expect(await signInOtp(t, b.email, code)).toMatchObject(INVALID);
  });

  it('accepts a code with spaces around it', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    expect((await signInOtp(t, email, ` ${lastCode(mails, email)} `)).status).toBe(200);
  });

  it('refuses a banned user after the code (403 BANNED_USER), without a session', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await (await t.auth.context()).adapter.update('user', [{ field: 'email', value: email }], { banned: true, banReason: 'spam' });
    await sendOtp(t, email);
    const r = await signInOtp(t, email, lastCode(mails, email));
    expect(r).toMatchObject({ status: 403, data: { code: 'BANNED_USER' } });
    expect(r.response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
  });

  it('asks a two-factor user for the second factor, then signs in with method email-otp', async () => {
    await setup();
    const jar = t.newJar();
    const { email } = await t.signUp({}, jar);
    const enable = await t.json<{ totpURI: string }>('/two-factor/enable', { body: { password: PASSWORD }, jar });
    const totp = URI.parse(enable.data.totpURI) as TOTP;
    await t.json('/two-factor/verify-totp', { body: { code: totp.generate({ timestamp: t.clock.ms }) }, jar });
    t.clock.advance(60);
    // A verified account: an unverified one would be adopted by the code, its second factor removed (pre-hijacking.test.ts).
    await (await t.auth.context()).adapter.update('user', [{ field: 'email', value: email }], { emailVerified: true });
    await sendOtp(t, email);
    const fresh = t.newJar();
    const r = await signInOtp(t, email, lastCode(mails, email), fresh);
    expect(r).toMatchObject({ status: 200, data: { twoFactorRedirect: true } });
    expect(r.response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const second = await t.json('/two-factor/verify-totp', { body: { code: totp.generate({ timestamp: t.clock.ms }) }, jar: fresh });
    expect(second).toMatchObject({ status: 200, data: { user: { email } } });
    const methods = (await audits('sign-in.success')).map((a) => a.details.method);
    expect(methods.at(-1)).toBe('email-otp');
  });

  it('locks the address after repeated wrong codes across new codes (429 TOO_MANY_FAILED_ATTEMPTS)', async () => {
    await setup({ lockout: { maxAttempts: 4 } }, { sendLimit: 10 });
    const { email } = await t.signUp({}, t.newJar());
    for (let round = 0; round < 2; round++) {
      await sendOtp(t, email);
      const code = lastCode(mails, email);
      await signInOtp(t, email, wrongCode(code));
      await signInOtp(t, email, wrongCode(code));
    }
    await sendOtp(t, email);
    const r = await signInOtp(t, email, lastCode(mails, email));
    expect(r).toMatchObject({ status: 429, data: { code: 'TOO_MANY_FAILED_ATTEMPTS' } });
    // The password is counted apart.
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: null })).status).toBe(200);
  });
});

describe('POST /email-otp/verify-email', () => {
  it('marks the address verified: { status: true, token: null, user }', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    expect(await sendOtp(t, email, 'email-verification')).toMatchObject({ status: 200, data: { success: true } });
    const r = await post('/email-otp/verify-email', { email, otp: lastCode(mails, email) });
    expect(r).toMatchObject({ status: 200, data: { status: true, token: null, user: { email, emailVerified: true } } });
    expect(r.response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    expect(await userRow(email)).toMatchObject({ emailVerified: true });
    expect(await audits('email.verify')).toHaveLength(1);
  });

  it('signs in with emailVerification.autoSignInAfterVerification', async () => {
    await setup({ emailVerification: { autoSignInAfterVerification: true } });
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'email-verification');
    const jar = t.newJar();
    const r = await post('/email-otp/verify-email', { email, otp: lastCode(mails, email) }, jar);
    expect(r).toMatchObject({ status: 200, data: { status: true, token: expect.any(String) } });
    expect((await t.json('/get-session', { jar })).data).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('refreshes the cached session of the signed-in user', async () => {
    await setup({ session: { cookieCache: { enabled: true } } });
    const jar = t.newJar();
    const { email } = await t.signUp({}, jar);
    await sendOtp(t, email, 'email-verification');
    expect((await post('/email-otp/verify-email', { email, otp: lastCode(mails, email) }, jar)).data).toMatchObject({ token: null });
    expect((await t.json('/get-session', { jar })).data).toMatchObject({ user: { emailVerified: true } });
  });

  it('refuses wrong, expired, reused and spent codes like sign-in does', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    const verify = (otp: string) => post('/email-otp/verify-email', { email, otp });
    await sendOtp(t, email, 'email-verification');
    let code = lastCode(mails, email);
    expect(await verify(wrongCode(code))).toMatchObject(INVALID);
    expect(await verify(wrongCode(code))).toMatchObject(INVALID);
    expect(await verify(wrongCode(code))).toMatchObject(TOO_MANY);
    expect(await verify(code)).toMatchObject(INVALID);
    await sendOtp(t, email, 'email-verification');
    code = lastCode(mails, email);
    t.clock.advance(301);
    expect(await verify(code)).toMatchObject(EXPIRED);
    await sendOtp(t, email, 'email-verification');
    code = lastCode(mails, email);
    expect((await verify(code)).status).toBe(200);
    expect(await verify(code)).toMatchObject(INVALID);
  });
});

describe('POST /email-otp/reset-password', () => {
  const reset = (email: string, otp: string, password: string) => post('/email-otp/reset-password', { email, otp, password });

  it('sets the new password: { success: true }; the old one stops working', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    expect(await sendOtp(t, email, 'forget-password')).toMatchObject({ status: 200, data: { success: true } });
    const r = await reset(email, lastCode(mails, email), 'a brand new password');
    expect(r).toMatchObject({ status: 200, data: { success: true } });
    expect((await t.json('/sign-in/email', { body: { email, password: PASSWORD }, jar: null })).status).toBe(401);
    expect((await t.json('/sign-in/email', { body: { email, password: 'a brand new password' }, jar: null })).status).toBe(200);
    expect(await audits('password.reset')).toMatchObject([{ details: { method: 'email-otp' } }]);
  });

  it('also sends through POST /email-otp/request-password-reset {email}', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    expect(await post('/email-otp/request-password-reset', { email })).toMatchObject({ status: 200, data: { success: true } });
    expect(mails.at(-1)).toMatchObject({ to: email, subject: 'Your password reset code' });
    expect((await reset(email, lastCode(mails, email), 'a brand new password')).status).toBe(200);
    expect(await post('/email-otp/request-password-reset', { email: uniqueEmail() })).toMatchObject({ status: 200, data: { success: true } });
  });

  it('also sends through POST /forget-password/email-otp {email} (better-auth 1.7’s older name), alike for unknown addresses', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    expect(await post('/forget-password/email-otp', { email })).toEqual(expect.objectContaining({ status: 200, data: { success: true } }));
    expect(mails.at(-1)).toMatchObject({ to: email, subject: 'Your password reset code' });
    expect((await reset(email, lastCode(mails, email), 'a brand new password')).status).toBe(200);
    const sent = mails.length;
    expect(await post('/forget-password/email-otp', { email: uniqueEmail() })).toEqual(expect.objectContaining({ status: 200, data: { success: true } }));
    expect(mails).toHaveLength(sent);
    expect((await post('/forget-password/email-otp', {})).status).toBe(400);
  });

  it('keeps the length rules, and a refused password costs no try', async () => {
    await setup({}, { allowedAttempts: 1 });
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'forget-password');
    const code = lastCode(mails, email);
    expect(await reset(email, code, 'short')).toMatchObject({ status: 400, data: { code: 'PASSWORD_TOO_SHORT' } });
    expect(await reset(email, code, 'x'.repeat(129))).toMatchObject({ status: 400, data: { code: 'PASSWORD_TOO_LONG' } });
    expect((await reset(email, code, 'long enough now')).status).toBe(200);
  });

  it('ends every session with revokeSessionsOnPasswordReset', async () => {
    await setup({ emailAndPassword: { revokeSessionsOnPasswordReset: true } });
    const jar = t.newJar();
    const { email } = await t.signUp({}, jar);
    await sendOtp(t, email, 'forget-password');
    await reset(email, lastCode(mails, email), 'a brand new password');
    expect((await t.json('/get-session', { jar })).data).toBeNull();
  });

  it('keeps sessions otherwise (of a verified account: an unverified one is adopted, pre-hijacking.test.ts)', async () => {
    await setup();
    const jar = t.newJar();
    const { email } = await t.signUp({}, jar);
    await (await t.auth.context()).adapter.update('user', [{ field: 'email', value: email }], { emailVerified: true });
    await sendOtp(t, email, 'forget-password');
    await reset(email, lastCode(mails, email), 'a brand new password');
    expect((await t.json('/get-session', { jar })).data).toMatchObject({ user: { email } });
  });

  it('gives a password to a user who had none (signed up by code)', async () => {
    await setup();
    const email = uniqueEmail();
    await sendOtp(t, email);
    await signInOtp(t, email, lastCode(mails, email));
    await sendOtp(t, email, 'forget-password');
    expect((await reset(email, lastCode(mails, email), 'my first password')).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email, password: 'my first password' }, jar: null })).status).toBe(200);
  });

  it('refuses wrong, expired, reused and spent codes', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'forget-password');
    let code = lastCode(mails, email);
    expect(await reset(email, wrongCode(code), 'a brand new password')).toMatchObject(INVALID);
    expect(await reset(email, wrongCode(code), 'a brand new password')).toMatchObject(INVALID);
    expect(await reset(email, wrongCode(code), 'a brand new password')).toMatchObject(TOO_MANY);
    expect(await reset(email, code, 'a brand new password')).toMatchObject(INVALID);
    await sendOtp(t, email, 'forget-password');
    code = lastCode(mails, email);
    t.clock.advance(301);
    expect(await reset(email, code, 'a brand new password')).toMatchObject(EXPIRED);
    await sendOtp(t, email, 'forget-password');
    code = lastCode(mails, email);
    expect((await reset(email, code, 'a brand new password')).status).toBe(200);
    expect(await reset(email, code, 'another new password')).toMatchObject(INVALID);
    expect((await t.json('/sign-in/email', { body: { email, password: 'a brand new password' }, jar: null })).status).toBe(200);
  });

  it('refuses while email and password is off', async () => {
    await setup({ emailAndPassword: { enabled: false } });
    expect(await reset(uniqueEmail(), '123456', 'a brand new password')).toMatchObject({ status: 400, data: { code: 'RESET_PASSWORD_DISABLED' } });
  });
});

describe('POST /email-otp/check-verification-otp', () => {
  const check = (email: string, type: string, otp: string) => post('/email-otp/check-verification-otp', { email, type, otp });

  it('answers { success: true } for the right code and leaves it usable', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'forget-password');
    const code = lastCode(mails, email);
    expect(await check(email, 'forget-password', code)).toMatchObject({ status: 200, data: { success: true } });
    expect(await check(email, 'forget-password', code)).toMatchObject({ status: 200, data: { success: true } });
    expect((await post('/email-otp/reset-password', { email, otp: code, password: 'a brand new password' })).status).toBe(200);
    expect(await check(email, 'forget-password', code)).toMatchObject(INVALID);
  });

  it('counts wrong codes towards the same limit', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    expect(await check(email, 'sign-in', wrongCode(code))).toMatchObject(INVALID);
    expect(await check(email, 'sign-in', wrongCode(code))).toMatchObject(INVALID);
    expect(await signInOtp(t, email, wrongCode(code))).toMatchObject(TOO_MANY);
    expect(await check(email, 'sign-in', code)).toMatchObject(INVALID);
  });

  it('refuses another purpose, an expired code, and an address without a code alike', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    expect(await check(email, 'email-verification', code)).toMatchObject(INVALID);
    expect(await check(uniqueEmail(), 'sign-in', code)).toMatchObject(INVALID);
    t.clock.advance(301);
    expect(await check(email, 'sign-in', code)).toMatchObject(EXPIRED);
    expect(await check('nope', 'sign-in', code)).toMatchObject({ status: 400, data: { code: 'INVALID_EMAIL' } });
  });
});
