import { createHash } from 'node:crypto';
import { APIError, BASE_ERRORS, type EndpointContext, fail, isEmail, normalizeEmail, type UserRow } from '../../kit.js';
import { emailOTPConfig } from './config.js';
import { emailOtpError } from './errors.js';
import type { OtpOutcome } from './otp.js';

/** The address as the user table keeps it; 400 INVALID_EMAIL when it is not one. */
export function emailOf(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
  return email;
}

/** Wrong codes are counted per address (all purposes together), apart from the password's. */
export const lockoutIdentity = (email: string) => `email-otp:${email}`;

export function findUser(c: EndpointContext, email: string): Promise<UserRow | null> {
  return c.auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
}

/**
 * At most `sendLimit` codes per address per `sendWindow`, whoever asks and whether or not the
 * address has an account (so the limit tells nothing): a mailbox cannot be flooded, and each
 * code's tries cannot be renewed fast. Counted in the rate-limit store, whether or not the
 * per-IP limits are on.
 */
export async function throttleSends(c: EndpointContext, email: string): Promise<void> {
  const { auth } = c;
  const { sendLimit, sendWindow } = emailOTPConfig(auth);
  const key = `email-otp-send|${createHash('sha256').update(email).digest('base64url')}`;
  const now = auth.now();
  const count = await auth.rateStore.hit(key, sendWindow * 1000, now);
  if (count.count <= sendLimit) return;
  const retry = String(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
  throw new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', BASE_ERRORS.TOO_MANY_REQUESTS, { 'Retry-After': retry, 'X-Retry-After': retry });
}

/**
 * A code refused: wrong tries count towards the address's lockout (an expired code is no
 * guess), then the answer: 400 INVALID_OTP, 400 OTP_EXPIRED, 403 TOO_MANY_ATTEMPTS.
 */
export async function refuseOtp(c: EndpointContext, outcome: Exclude<OtpOutcome, 'ok'>, email: string, user: UserRow | null): Promise<never> {
  if (outcome !== 'OTP_EXPIRED') await c.auth.lockout.fail(lockoutIdentity(email), user, c);
  throw emailOtpError(outcome === 'TOO_MANY_ATTEMPTS' ? 'FORBIDDEN' : 'BAD_REQUEST', outcome);
}
