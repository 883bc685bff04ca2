import { defineErrors, errorsOf } from '../../kit.js';

/** The email-OTP plugin's refusals: better-auth's email-otp codes and messages. */
export const EMAIL_OTP_ERRORS = defineErrors({
  INVALID_OTP: 'Invalid OTP',
  OTP_EXPIRED: 'OTP expired',
  TOO_MANY_ATTEMPTS: 'Too many attempts',
});

export const emailOtpError = errorsOf(EMAIL_OTP_ERRORS);
