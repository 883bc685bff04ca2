import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type GatehouseOptions, type Mail, type TestClient, uniqueEmail, useTestClients } from '../../test-kit.js';
import type { EmailOTPOptions } from './config.js';
import { generateOtp } from './otp.js';
import { lastCode, sendOtp, signInOtp, withEmailOtp, wrongCode } from './test-kit.js';

/**
 * The attacks on mailed codes: reading them from the database, guessing them, telling
 * which addresses have accounts, and using one code for another address or purpose.
 */

let t: TestClient;
let mails: Mail[];
const clients = useTestClients();

async function setup(options: GatehouseOptions = {}, otp: EmailOTPOptions = {}) {
  ({ t, mails } = await clients.openWithMail(withEmailOtp(options, otp)));
  return t.auth.context();
}

const otpRows = async () =>
  (await t.auth.context()).adapter.findMany<{ identifier: string; value: string }>('verification', {
    where: [{ field: 'identifier', value: 'email-otp:', operator: 'starts_with' }],
  });

describe('codes at rest', () => {
  it('keeps only an HMAC-SHA256 of the code under the secret, bound to address and purpose', async () => {
    const secret = 'a-test-secret-that-is-long-enough-000000';
    await setup({ secret });
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email, 'sign-in');
    const code = lastCode(mails, email);
    const rows = await otpRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toBe(`email-otp:sign-in:${email}`);
    expect(rows[0]!.value).not.toContain(code);
    const stored = JSON.parse(rows[0]!.value) as { hash: string; attempts: number };
    expect(stored.attempts).toBe(0);
    const mac = (type: string, to: string) => createHmac('sha256', secret).update(`email-otp\u0000${type}\u0000${to}\u0000${code}`).digest('base64url');
    expect(stored.hash).toBe(mac('sign-in', email));
    // A plain SHA-256 of a 6-digit code could be reversed by trying the million codes: not what is kept.
    expect(stored.hash).not.toBe(createHmac('sha256', '').update(code).digest('base64url'));
  });

  it('a code issued under the previous secret still works after rotation; another instance secret does not verify it', async () => {
    const old = 'the-old-secret-0000000000000000000000000';
    const { t: first, mails: sent } = await clients.openWithMail(withEmailOtp({ secret: old }));
    const email = uniqueEmail();
    await sendOtp(first, email);
    const code = lastCode(sent, email);
    const row = (
      await (await first.auth.context()).adapter.findMany('verification', { where: [{ field: 'identifier', value: `email-otp:sign-in:${email}` }] })
    )[0]!;
    for (const [secret, ok] of [
      [['the-new-secret-0000000000000000000000000', old], true],
      [['someone-elses-secret-000000000000000000'], false],
    ] as const) {
      const other = await clients.open(withEmailOtp({ secret: [...secret] }));
      const { id: _id, ...copy } = row;
      await (await other.auth.context()).adapter.create('verification', copy);
      expect((await signInOtp(other, email, code)).status).toBe(ok ? 200 : 400);
    }
  });
});

describe('guessing', () => {
  it('stops after 3 wrong codes even when the guesses come in parallel', async () => {
    // The address's lockout (10 by default) is set out of the way: this is the code's own limit.
    await setup({ lockout: { maxAttempts: 100 } });
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => signInOtp(t, email, g)));
    expect(answers.every((a) => a.status === 400 || a.status === 403)).toBe(true);
    expect(answers.filter((a) => a.data.code === 'TOO_MANY_ATTEMPTS').length).toBeLessThanOrEqual(1);
    // Whatever order they ran in, the code is gone: the right one no longer signs in.
    expect(await signInOtp(t, email, code)).toMatchObject({ status: 400, data: { code: 'INVALID_OTP' } });
    expect(await otpRows()).toHaveLength(0);
  });

  it('each send gives at most 3 guesses, sends per address are limited, and the lockout ends the rounds', async () => {
    await setup({ lockout: { maxAttempts: 6 } }, { sendLimit: 3, sendWindow: 600 });
    const { email } = await t.signUp({}, t.newJar());
    let refused = 0;
    for (let round = 0; round < 4; round++) {
      const sent = await sendOtp(t, email);
      if (sent.status === 429) {
        refused++;
        continue;
      }
      const code = lastCode(mails, email);
      for (let i = 0; i < 3; i++) await signInOtp(t, email, wrongCode(code));
    }
    expect(refused).toBe(1);
    // 6 wrong codes locked the address: even a right code is refused now.
    t.clock.advance(601);
    await sendOtp(t, email);
    expect(await signInOtp(t, email, lastCode(mails, email))).toMatchObject({ status: 429, data: { code: 'TOO_MANY_FAILED_ATTEMPTS' } });
  });

  it('a right code for one address does not open another, nor another purpose', async () => {
    await setup();
    const a = await t.signUp({}, t.newJar());
    const b = await t.signUp({}, t.newJar());
    await sendOtp(t, a.email);
    await sendOtp(t, b.email);
    const codeA = lastCode(mails, a.email);
    const codeB = lastCode(mails, b.email);
    if (codeA !== codeB) expect((await signInOtp(t, b.email, codeA)).status).toBe(400);
    expect((await t.json('/email-otp/verify-email', { body: { email: a.email, otp: codeA }, jar: null })).data).toMatchObject({ code: 'INVALID_OTP' });
    expect((await signInOtp(t, a.email, codeA)).status).toBe(200);
  });

  it('only one of two parallel uses of a code signs in', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const code = lastCode(mails, email);
    const answers = await Promise.all([signInOtp(t, email, code), signInOtp(t, email, code), signInOtp(t, email, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('codes come from the CSPRNG: the length asked, every digit, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => generateOtp(6));
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(generateOtp(12)).toMatch(/^\d{12}$/);
  });
});

describe('enumeration', () => {
  const shape = (r: { status: number; data: unknown; response: Response }) => ({
    status: r.status,
    data: r.data,
    cookies: r.response.headers.getSetCookie(),
    type: r.response.headers.get('content-type'),
  });

  for (const type of ['sign-in', 'email-verification', 'forget-password'] as const) {
    it(`${type}: a known and an unknown address get the same answer, before any mail`, async () => {
      await setup({}, { disableSignUp: true });
      const { email } = await t.signUp({}, t.newJar());
      const known = await t.json('/email-otp/send-verification-otp', { body: { email, type }, jar: null, settle: false });
      const unknown = await t.json('/email-otp/send-verification-otp', { body: { email: uniqueEmail(), type }, jar: null, settle: false });
      expect(shape(known)).toEqual(shape(unknown));
      // Nothing was stored or mailed while the answer was made: both happen after it.
      expect(mails).toHaveLength(0);
      await (await t.auth.context()).background.settle();
      expect(mails.map((m) => m.to)).toEqual([email]);
    });
  }

  it('sign-in by code: a wrong code for a known and an unknown address answers the same', async () => {
    await setup();
    const { email } = await t.signUp({}, t.newJar());
    await sendOtp(t, email);
    const known = await signInOtp(t, email, wrongCode(lastCode(mails, email)));
    const unknown = await signInOtp(t, uniqueEmail(), '123456');
    expect({ status: known.status, data: known.data }).toEqual({ status: unknown.status, data: unknown.data });
    const check = (to: string) => t.json('/email-otp/check-verification-otp', { body: { email: to, type: 'forget-password', otp: '123456' }, jar: null });
    const [a, b] = [await check(email), await check(uniqueEmail())];
    expect({ status: a.status, data: a.data }).toEqual({ status: b.status, data: b.data });
  });

  it('the per-address send limit counts unknown addresses too, so a 429 says nothing', async () => {
    await setup({}, { sendLimit: 1, disableSignUp: true });
    const { email } = await t.signUp({}, t.newJar());
    const other = uniqueEmail();
    await sendOtp(t, email, 'forget-password');
    await sendOtp(t, other, 'forget-password');
    const known = await sendOtp(t, email, 'forget-password');
    const unknown = await sendOtp(t, other, 'forget-password');
    expect(known.status).toBe(429);
    expect({ status: known.status, data: known.data }).toEqual({ status: unknown.status, data: unknown.data });
  });
});
