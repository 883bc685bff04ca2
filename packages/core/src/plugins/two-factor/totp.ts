import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 6 digits, 30-second steps.
const ALGORITHM = 'SHA1';
const PERIOD = 30;
const DIGITS = 6;

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans: issuer and the account's email as label. */
export function totpURI(secret: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD }).toString();
}

/**
 * True when `code` is the code of the step holding `nowMs`, or of the step before or
 * after (clock drift, a code typed as it rolled over). `nowMs` is the auth clock.
 */
export function checkTotp(secret: string, code: string, nowMs: number, digits = DIGITS): boolean {
  return totpStep(secret, code, nowMs, digits) !== null;
}

/** The time step `code` belongs to (so a used step can be refused), or null when it is wrong. */
export function totpStep(secret: string, code: string, nowMs: number, digits = DIGITS): number | null {
  if (code.length !== digits || !/^\d+$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits,
    period: PERIOD,
    timestamp: nowMs,
    window: 1,
  });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD) + delta;
}
