import { z } from 'zod';
import { type AuthContext, extension, wholeNumber } from '../../kit.js';

/** The pending sign-in (two-factor cookie and its record) lives 10 minutes. */
export const PENDING_SECONDS = 600;
/** A trusted device skips the second factor for 30 days (spec section 9). */
export const TRUST_SECONDS = 2_592_000;

/** The `twoFactor` options (CONTRACT.md "Options object"). */
export const twoFactorOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The issuer authenticator apps show (default 'Gatehouse'). */
  issuer: z.string().min(1).optional(),
  /** Seconds a mailed code stays valid (default 300). */
  otpExpiresIn: wholeNumber(1).optional(),
  /** Wrong codes a pending sign-in survives (default 5). */
  maxAttempts: wholeNumber(1).optional(),
});

export type TwoFactorOptions = z.input<typeof twoFactorOptions>;

/** The options with their defaults: issuer 'Gatehouse', mailed codes valid 5 minutes, 5 tries. */
export function resolveTwoFactorOptions(o: TwoFactorOptions = {}) {
  return {
    issuer: o.issuer ?? 'Gatehouse',
    otpExpiresIn: o.otpExpiresIn ?? 300,
    maxAttempts: o.maxAttempts ?? 5,
  };
}

export type TwoFactorConfig = ReturnType<typeof resolveTwoFactorOptions>;

const config = extension<TwoFactorConfig>('two-factor');

/** Sets this instance's options (the plugin's `init`). */
export const useTwoFactorConfig = config.set;

/** True when the two-factor plugin is part of this instance (another plugin's second factor asks). */
export function twoFactorRuns(auth: AuthContext): boolean {
  return config.find(auth) !== undefined;
}

/** This instance's resolved options. */
export function twoFactorConfig(auth: AuthContext): TwoFactorConfig {
  return config.get(auth);
}

/** Verification-row identifiers, one prefix per kind of record. */
export const ids = {
  pending: (id: string) => `two-factor:${id}`,
  otp: (userId: string) => `two-factor-otp:${userId}`,
  trust: (userId: string) => `two-factor-trust:${userId}`,
};

export interface VerificationRow {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  [key: string]: unknown;
}
