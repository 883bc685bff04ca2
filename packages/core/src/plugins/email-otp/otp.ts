import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Adapter, AuthContext } from '../../kit.js';
import { emailOTPConfig, type OtpType } from './config.js';

/**
 * One live code per address and purpose, kept as an HMAC-SHA256 under the instance's secret
 * (never the code itself), with the count of wrong tries. A new code replaces the last one.
 */
interface StoredOtp {
  hash: string;
  attempts: number;
}

interface OtpRow extends Record<string, unknown> {
  id: string;
  value: string;
  expiresAt: Date;
}

const PREFIX = 'email-otp:';
export const otpIdentifier = (type: OtpType, email: string) => `${PREFIX}${type}:${email}`;

/** `length` decimal digits, uniformly from the CSPRNG (leading zeros kept). */
export function generateOtp(length: number): string {
  let out = '';
  // randomInt takes ranges below 2^48: six digits at a time.
  while (out.length < length) {
    const n = Math.min(6, length - out.length);
    out += String(randomInt(0, 10 ** n)).padStart(n, '0');
  }
  return out;
}

/** The stored form of a code: bound to its address and purpose, so a hash cannot be replayed for another. */
function macOf(secret: string, type: OtpType, email: string, otp: string): Buffer {
  return createHmac('sha256', secret).update(`email-otp\u0000${type}\u0000${email}\u0000${otp}`).digest();
}

/** True when `otp` is the stored code under any of the secrets (the first signs; rotation keeps codes alive). */
function matches(auth: AuthContext, stored: string, type: OtpType, email: string, otp: string): boolean {
  let expected: Buffer;
  try {
    expected = Buffer.from(stored, 'base64url');
  } catch {
    return false;
  }
  if (expected.length !== 32) return false;
  let same = false;
  for (const secret of auth.options.secrets) {
    // Every secret is tried, so the time does not depend on which one matched.
    if (timingSafeEqual(expected, macOf(secret, type, email, otp))) same = true;
  }
  return same;
}

/**
 * Keeps a new code for `email` (replacing any earlier one of this type) and answers its row id.
 * Expired codes of any address go at the same time, so the table does not keep them.
 */
export async function storeOtp(auth: AuthContext, type: OtpType, email: string, otp: string): Promise<string> {
  const { expiresIn } = emailOTPConfig(auth);
  const value: StoredOtp = { hash: macOf(auth.options.secrets[0]!, type, email, otp).toString('base64url'), attempts: 0 };
  return auth.adapter.transaction(async (trx) => {
    await trx.delete('verification', [{ field: 'identifier', value: otpIdentifier(type, email) }]);
    await trx.delete('verification', [
      { field: 'identifier', value: PREFIX, operator: 'starts_with' },
      { field: 'expiresAt', value: new Date(auth.now()), operator: 'lte' },
    ]);
    const row = await trx.create<{ id: string }>('verification', {
      identifier: otpIdentifier(type, email),
      value: JSON.stringify(value),
      expiresAt: new Date(auth.now() + expiresIn * 1000),
    });
    if (!row) throw new Error('email OTP not stored');
    return row.id;
  });
}

/** Removes the code of `type` for `email`, if any. */
export async function dropOtp(auth: AuthContext, type: OtpType, email: string): Promise<void> {
  await auth.adapter.delete('verification', [{ field: 'identifier', value: otpIdentifier(type, email) }]);
}

export type OtpOutcome = 'ok' | 'INVALID_OTP' | 'OTP_EXPIRED' | 'TOO_MANY_ATTEMPTS';

function parse(value: string): StoredOtp | null {
  try {
    const v = JSON.parse(value) as Partial<StoredOtp>;
    return typeof v.hash === 'string' && typeof v.attempts === 'number' ? { hash: v.hash, attempts: v.attempts } : null;
  } catch {
    return null;
  }
}

/**
 * Checks `otp` against the live code of `type` for `email`. With `consume`, the right code is
 * used up (only the request that deletes the record gets 'ok'); without, it stays (a check).
 * A wrong code counts a try; the try that reaches `allowedAttempts` deletes the code
 * ('TOO_MANY_ATTEMPTS'): a new one must be asked for. Every change is a compare-and-set on the
 * record, so parallel guesses each count. `adapter` may be a transaction's.
 */
export async function takeOtp(
  auth: AuthContext,
  adapter: Adapter,
  input: { type: OtpType; email: string; otp: string; consume: boolean },
): Promise<OtpOutcome> {
  const { allowedAttempts, otpLength } = emailOTPConfig(auth);
  const { type, email, otp } = input;
  for (let tries = 0; tries < 10; tries++) {
    const row = await adapter.findOne<OtpRow>('verification', [{ field: 'identifier', value: otpIdentifier(type, email) }]);
    if (!row) return 'INVALID_OTP';
    const same = [
      { field: 'id', value: row.id },
      { field: 'value', value: row.value },
    ];
    if (row.expiresAt.getTime() <= auth.now()) {
      await adapter.delete('verification', same);
      return 'OTP_EXPIRED';
    }
    const stored = parse(row.value);
    if (!stored || stored.attempts >= allowedAttempts) {
      await adapter.delete('verification', same);
      return stored ? 'TOO_MANY_ATTEMPTS' : 'INVALID_OTP';
    }
    const wellFormed = otp.length === otpLength && /^\d+$/.test(otp);
    if (wellFormed && matches(auth, stored.hash, type, email, otp)) {
      if (!input.consume) return 'ok';
      if ((await adapter.delete('verification', same)) > 0) return 'ok';
      continue; // used or changed by a parallel request: look again
    }
    const attempts = stored.attempts + 1;
    if (attempts >= allowedAttempts) {
      if ((await adapter.delete('verification', same)) > 0) return 'TOO_MANY_ATTEMPTS';
    } else if ((await adapter.updateMany('verification', same, { value: JSON.stringify({ ...stored, attempts }) })) > 0) {
      return 'INVALID_OTP';
    }
  }
  return 'INVALID_OTP';
}
