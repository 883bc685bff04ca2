import type { CookieJar, GatehouseOptions, Mail, TestClient } from '../../test-kit.js';
import type { EmailOTPOptions, OtpType } from './config.js';

/** A client's options with the email-OTP plugin on (and `otp` for its options). */
export const withEmailOtp = (options: GatehouseOptions = {}, otp: EmailOTPOptions = {}): GatehouseOptions => ({
  ...options,
  emailOTP: { enabled: true, ...otp },
});

/** The code in a mail: the line of its plain text made of digits alone. */
export const codeIn = (mail: Mail): string => {
  const line = mail.text.split('\n').find((l) => /^\d{4,12}$/.test(l));
  if (!line) throw new Error(`no code in mail: ${mail.text}`);
  return line;
};

/** The code of the newest mail to `email`. */
export const lastCode = (mails: Mail[], email: string): string => {
  const mail = mails.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return codeIn(mail);
};

export const sendOtp = (t: TestClient, email: string, type: OtpType = 'sign-in', jar: CookieJar | null = null) =>
  t.json('/email-otp/send-verification-otp', { body: { email, type }, jar });

export const signInOtp = (t: TestClient, email: string, otp: string, jar: CookieJar | null = null) =>
  t.json<Record<string, unknown>>('/sign-in/email-otp', { body: { email, otp }, jar });

/** A code of the same length that is not `code`. */
export const wrongCode = (code: string): string => code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
