import { DEFAULT_PASSWORD_LENGTH, keysOf } from '../../kit.js';
import type { PasswordPolicyInfo } from './client.js';

export type PasswordPreset = PasswordPolicyInfo['preset'];

/** The `passwordPolicy` options (CONTRACT.md "Beyond the specification"); the policy runs by default. */
export interface PasswordPolicyOptions {
  /** 'default' keeps `emailAndPassword`'s lengths; 'nist-800-63b-4' asks 15 characters (8 with a second factor). */
  preset?: PasswordPreset;
  /** Refuse passwords found in the shipped list of common passwords (default true). */
  blockCommon?: boolean;
  /** Look the password up in a Pwned Passwords-style range API by k-anonymity (default off). */
  breachedCheck?: {
    enabled?: boolean;
    /** The API's base URL; `{endpoint}/range/{first 5 hex of SHA-1}` is asked (default https://api.pwnedpasswords.com). */
    endpoint?: string;
    /** How long to wait for the answer before accepting the password without it (default 2000 ms). */
    timeoutMs?: number;
  };
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const passwordPolicyOptionKeys = keysOf<PasswordPolicyOptions>({
  preset: true,
  blockCommon: true,
  breachedCheck: keysOf<NonNullable<PasswordPolicyOptions['breachedCheck']>>({ enabled: true, endpoint: true, timeoutMs: true }),
});

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

const PRESETS: readonly PasswordPreset[] = ['default', 'nist-800-63b-4'];
const KEYS = new Set(['preset', 'blockCommon', 'breachedCheck']);
const BREACH_KEYS = new Set(['enabled', 'endpoint', 'timeoutMs']);

/** Thrown when the instance is built: a wrong option is named at start, not found at the first sign-up. */
function refuse(message: string): never {
  throw new Error(`passwordPolicy: ${message}`);
}

function checkEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    refuse(`breachedCheck.endpoint must be an http(s) URL, got "${endpoint}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`breachedCheck.endpoint must be an http(s) URL, got "${endpoint}"`);
  return endpoint.replace(/\/+$/, '');
}

/**
 * The options with their defaults, checked, given `emailAndPassword`'s length bounds. The NIST
 * preset never lowers a configured minimum, and refuses a maximum under 64 rather than raise it
 * behind the operator's back.
 */
export function resolvePasswordPolicy(o: PasswordPolicyOptions = {}, lengths: { min?: number; max?: number } = {}): PasswordPolicyConfig {
  for (const key of Object.keys(o)) if (!KEYS.has(key)) refuse(`unknown option "${key}"`);
  for (const key of Object.keys(o.breachedCheck ?? {})) if (!BREACH_KEYS.has(key)) refuse(`unknown option "breachedCheck.${key}"`);
  const preset = o.preset ?? 'default';
  if (!PRESETS.includes(preset)) refuse(`preset must be "default" or "nist-800-63b-4", got "${String(preset)}"`);
  const min = lengths.min ?? DEFAULT_PASSWORD_LENGTH.min;
  const max = lengths.max ?? DEFAULT_PASSWORD_LENGTH.max;
  const nist = preset === 'nist-800-63b-4' ? { alone: NIST_LENGTHS.alone, withSecondFactor: NIST_LENGTHS.withSecondFactor } : null;
  if (nist && max < NIST_LENGTHS.allowedAtLeast) {
    refuse(`the nist-800-63b-4 preset needs emailAndPassword.maxPasswordLength of at least ${NIST_LENGTHS.allowedAtLeast} (it is ${max})`);
  }
  const breach = o.breachedCheck;
  const timeoutMs = breach?.timeoutMs ?? 2000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) refuse(`breachedCheck.timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  const breached = breach?.enabled ? { endpoint: checkEndpoint(breach.endpoint ?? DEFAULT_BREACH_ENDPOINT), timeoutMs } : null;
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
