import { type AuthContext, extension, keysOf } from '../../kit.js';

/** What a code is for; each kind has its own code per address. */
export const OTP_TYPES = ['sign-in', 'email-verification', 'forget-password'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

/** What a library user's own sender gets (better-auth's `sendVerificationOTP`). */
export interface OtpMail {
  email: string;
  otp: string;
  type: OtpType;
}

/** The `emailOTP` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface EmailOTPOptions {
  enabled?: boolean;
  /** Digits per code (default 6, 4 to 12). */
  otpLength?: number;
  /** Seconds a code lives (default 300). */
  expiresIn?: number;
  /** Wrong tries a code survives: the last one deletes it (default 3; ASVS 6.6.3). */
  allowedAttempts?: number;
  /** True: a code signs in existing users only, no account is made (default false). */
  disableSignUp?: boolean;
  /** Codes mailed to one address per `sendWindow` seconds, whoever asks (default 5 per 600 s). */
  sendLimit?: number;
  sendWindow?: number;
  /** Sends the code yourself instead of the built-in mail (through `email`). */
  sendVerificationOTP?: (mail: OtpMail) => Promise<void>;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const emailOTPOptionKeys = keysOf<EmailOTPOptions>({
  enabled: true,
  otpLength: true,
  expiresIn: true,
  allowedAttempts: true,
  disableSignUp: true,
  sendLimit: true,
  sendWindow: true,
  sendVerificationOTP: true,
});

export interface EmailOTPConfig {
  otpLength: number;
  expiresIn: number;
  allowedAttempts: number;
  disableSignUp: boolean;
  sendLimit: number;
  sendWindow: number;
  sendVerificationOTP?: (mail: OtpMail) => Promise<void>;
}

function whole(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`emailOTP.${name} must be a whole number from ${min} to ${max}`);
  return v;
}

/** The options with their defaults; out-of-range values are refused when the instance is built. */
export function resolveEmailOTPOptions(o: EmailOTPOptions): EmailOTPConfig {
  return {
    otpLength: whole('otpLength', o.otpLength, 6, 4, 12),
    expiresIn: whole('expiresIn', o.expiresIn, 300, 30, 86_400),
    allowedAttempts: whole('allowedAttempts', o.allowedAttempts, 3, 1, 10),
    disableSignUp: o.disableSignUp === true,
    sendLimit: whole('sendLimit', o.sendLimit, 5, 1, 1000),
    sendWindow: whole('sendWindow', o.sendWindow, 600, 1, 86_400),
    sendVerificationOTP: o.sendVerificationOTP,
  };
}

const config = extension<EmailOTPConfig>('email-otp');

/** Sets this instance's options (the plugin's `init`). */
export const useEmailOTPConfig = config.set;

export function emailOTPConfig(auth: AuthContext): EmailOTPConfig {
  return config.get(auth);
}
