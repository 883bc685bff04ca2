import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { emailOtpRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the email-OTP plugin runs. */
  interface PublicFeatures {
    emailOTP: boolean;
  }
}

export type EmailOtpRoutes = RoutesOf<(typeof emailOtpRoutes)[number]>;

/** The email-OTP plugin's client side (`auth.emailOtp.sendVerificationOtp`, `auth.signIn.emailOtp`, …). */
export const emailOtpClient: ClientPlugin<EmailOtpRoutes> = {
  id: 'email-otp',
  methods: {
    '/email-otp/send-verification-otp': 'POST',
    '/email-otp/request-password-reset': 'POST',
    '/forget-password/email-otp': 'POST',
    '/sign-in/email-otp': 'POST',
    '/email-otp/verify-email': 'POST',
    '/email-otp/reset-password': 'POST',
    '/email-otp/check-verification-otp': 'POST',
  },
  changesSession: { '/sign-in/email-otp': true, '/email-otp/verify-email': true },
};
