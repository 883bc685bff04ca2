import { z } from 'zod';
import { DEFAULT_PASSWORD_LENGTH, httpURL, wholeNumber } from '../../kit.js';
import type { PasswordPolicyInfo } from './client.js';

export type PasswordPreset = PasswordPolicyInfo['preset'];

const PRESETS = ['default', 'nist-800-63b-4'] as const satisfies readonly PasswordPreset[];

/** The `passwordPolicy` options (CONTRACT.md "Beyond the specification"); the policy runs by default. */
export const passwordPolicyOptions = z.strictObject({
  /** 'default' keeps `emailAndPassword`'s lengths; 'nist-800-63b-4' asks 15 characters (8 with a second factor). */
  preset: z.enum(PRESETS, { error: (issue) => `must be "default" or "nist-800-63b-4", got ${JSON.stringify(issue.input)}` }).optional(),
  /** Refuse passwords found in the shipped list of common passwords (default true). */
  blockCommon: z.boolean().optional(),
  /** Look the password up in a Pwned Passwords-style range API by k-anonymity (default off). */
  breachedCheck: z
    .strictObject({
      enabled: z.boolean().optional(),
      /** The API's base URL; `{endpoint}/range/{first 5 hex of SHA-1}` is asked (default https://api.pwnedpasswords.com). */
      endpoint: httpURL().optional(),
      /** How long to wait for the answer before accepting the password without it (default 2000 ms). */
      timeoutMs: wholeNumber(1).optional(),
    })
    .optional(),
});

export type PasswordPolicyOptions = z.input<typeof passwordPolicyOptions>;

/** NIST SP 800-63B-4 section 3.1.1.2: 15 characters for a password alone, 8 when it is one factor of several, 64 allowed. */
export const NIST_LENGTHS = { alone: 15, withSecondFactor: 8, allowedAtLeast: 64 } as const;

export const DEFAULT_BREACH_ENDPOINT = 'https://api.pwnedpasswords.com';

export interface BreachedCheckConfig {
  endpoint: string;
  timeoutMs: number;
}

export interface PasswordPolicyConfig {
  info: PasswordPolicyInfo;
  /** The NIST minimums to apply on top of `emailAndPassword`'s, or null under the default preset. */
  nist: { alone: number; withSecondFactor: number } | null;
  blockCommon: boolean;
  breached: BreachedCheckConfig | null;
}

/** Thrown when the instance is built: a wrong option is named at start, not found at the first sign-up. */
function refuse(message: string): never {
  throw new Error(`passwordPolicy: ${message}`);
}

/**
 * The options with their defaults, checked, given `emailAndPassword`'s length bounds. The NIST
 * preset never lowers a configured minimum, and refuses a maximum under 64 rather than raise it
 * behind the operator's back.
 */
export function resolvePasswordPolicy(o: PasswordPolicyOptions = {}, lengths: { min?: number; max?: number } = {}): PasswordPolicyConfig {
  const preset = o.preset ?? 'default';
  const min = lengths.min ?? DEFAULT_PASSWORD_LENGTH.min;
  const max = lengths.max ?? DEFAULT_PASSWORD_LENGTH.max;
  const nist = preset === 'nist-800-63b-4' ? { alone: NIST_LENGTHS.alone, withSecondFactor: NIST_LENGTHS.withSecondFactor } : null;
  if (nist && max < NIST_LENGTHS.allowedAtLeast) {
    refuse(`the nist-800-63b-4 preset needs emailAndPassword.maxPasswordLength of at least ${NIST_LENGTHS.allowedAtLeast} (it is ${max})`);
  }
  const breach = o.breachedCheck;
  const timeoutMs = breach?.timeoutMs ?? 2000;
  const breached = breach?.enabled ? { endpoint: (breach.endpoint ?? DEFAULT_BREACH_ENDPOINT).replace(/\/+$/, ''), timeoutMs } : null;
  const blockCommon = o.blockCommon ?? true;
  return {
    info: {
      preset,
      minLength: nist ? Math.max(min, nist.alone) : min,
      minLengthWithSecondFactor: nist ? Math.max(min, nist.withSecondFactor) : min,
      maxLength: max,
      blockCommon,
      breachedCheck: breached !== null,
    },
    nist,
    blockCommon,
    breached,
  };
}
