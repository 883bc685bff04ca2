import { type AuthContext, extension, keysOf } from '../../kit.js';

/** The pending sign-in (two-factor cookie and its record) lives 10 minutes. */
export const PENDING_SECONDS = 600;
/** A trusted device skips the second factor for 30 days (spec section 9). */
export const TRUST_SECONDS = 2_592_000;

/** The `twoFactor` options (CONTRACT.md "Options object"). */
export interface TwoFactorOptions {
  enabled?: boolean;
  issuer?: string;
  otpExpiresIn?: number;
  maxAttempts?: number;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const twoFactorOptionKeys = keysOf<TwoFactorOptions>({ enabled: true, issuer: true, otpExpiresIn: true, maxAttempts: true });

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
