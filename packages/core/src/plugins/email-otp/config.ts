import { z } from 'zod';
import { type AuthContext, callback, extension, wholeNumber } from '../../kit.js';

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
export const emailOTPOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** Digits per code (default 6, 4 to 12). */
  otpLength: wholeNumber(4, 12).optional(),
  /** Seconds a code lives (default 300, 30 to 86,400). */
  expiresIn: wholeNumber(30, 86_400).optional(),
  /** Wrong tries a code survives: the last one deletes it (default 3, 1 to 10; ASVS 6.6.3). */
  allowedAttempts: wholeNumber(1, 10).optional(),
  /** True: a code signs in existing users only, no account is made (default false). */
  disableSignUp: z.boolean().optional(),
  /** Codes mailed to one address per `sendWindow` seconds, whoever asks (default 5 per 600 s). */
  sendLimit: wholeNumber(1, 1000).optional(),
  sendWindow: wholeNumber(1, 86_400).optional(),
  /** Sends the code yourself instead of the built-in mail (through `email`). */
  sendVerificationOTP: callback<(mail: OtpMail) => Promise<void>>().optional(),
});

export type EmailOTPOptions = z.input<typeof emailOTPOptions>;

export interface EmailOTPConfig {
  otpLength: number;
  expiresIn: number;
  allowedAttempts: number;
  disableSignUp: boolean;
  sendLimit: number;
  sendWindow: number;
  sendVerificationOTP?: (mail: OtpMail) => Promise<void>;
}

/** The options with their defaults (their ranges are the schema's, checked by `createAuth`). */
export function resolveEmailOTPOptions(o: EmailOTPOptions): EmailOTPConfig {
  return {
    otpLength: o.otpLength ?? 6,
    expiresIn: o.expiresIn ?? 300,
    allowedAttempts: o.allowedAttempts ?? 3,
    disableSignUp: o.disableSignUp === true,
    sendLimit: o.sendLimit ?? 5,
    sendWindow: o.sendWindow ?? 600,
    sendVerificationOTP: o.sendVerificationOTP,
  };
}

const config = extension<EmailOTPConfig>('email-otp');

/** Sets this instance's options (the plugin's `init`). */
export const useEmailOTPConfig = config.set;

export function emailOTPConfig(auth: AuthContext): EmailOTPConfig {
  return config.get(auth);
}
