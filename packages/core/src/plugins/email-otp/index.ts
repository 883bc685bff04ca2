import { definePlugin } from '../../kit.js';
import { type EmailOTPOptions, resolveEmailOTPOptions, useEmailOTPConfig } from './config.js';
import { EMAIL_OTP_ERRORS } from './errors.js';
import { checkVerificationOtp } from './routes/check-verification-otp.js';
import { resetPasswordOtp } from './routes/reset-password.js';
import { forgetPasswordEmailOtp, requestPasswordResetOtp, sendVerificationOtp } from './routes/send-verification-otp.js';
import { signInEmailOtp } from './routes/sign-in-email-otp.js';
import { verifyEmailOtp } from './routes/verify-email.js';
import { EMAIL_OTP_MESSAGES } from './translations.js';

export type { EmailOTPOptions, OtpMail, OtpType } from './config.js';

/** The email-OTP routes with their precise types (route-types.ts derives the client's from them). */
export const emailOtpRoutes = [
  sendVerificationOtp,
  requestPasswordResetOtp,
  forgetPasswordEmailOtp,
  signInEmailOtp,
  verifyEmailOtp,
  resetPasswordOtp,
  checkVerificationOtp,
] as const;

// Per client, when rate limiting is on (the per-address limit on sends holds always).
const GUESSES = { window: 10, max: 3 };

/**
 * One-time codes by mail (better-auth's email-otp routes): sign in (and sign up) with a code,
 * verify an address, reset a password. Codes: `otpLength` digits from the CSPRNG, `expiresIn`
 * seconds, `allowedAttempts` wrong tries, kept only as an HMAC, one live code per address and
 * purpose. Options: `emailOTP.otpLength` (6), `expiresIn` (300), `allowedAttempts` (3),
 * `disableSignUp` (false), `sendLimit`/`sendWindow` (5 per 600 s), `sendVerificationOTP`.
 */
export function emailOtpPlugin(options: EmailOTPOptions = {}) {
  const config = resolveEmailOTPOptions(options);
  return definePlugin({
    id: 'email-otp',
    features: { emailOTP: true },
    endpoints: emailOtpRoutes,
    errors: EMAIL_OTP_ERRORS,
    messages: EMAIL_OTP_MESSAGES,
    rateLimit: {
      '/email-otp/send-verification-otp': { window: 60, max: 5 },
      '/email-otp/request-password-reset': { window: 60, max: 5 },
      '/forget-password/email-otp': { window: 60, max: 5 },
      '/email-otp/verify-email': GUESSES,
      '/email-otp/reset-password': GUESSES,
      '/email-otp/check-verification-otp': GUESSES,
    },
    init(auth) {
      useEmailOTPConfig(auth, config);
    },
  });
}
