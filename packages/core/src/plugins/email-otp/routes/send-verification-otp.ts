import { z } from 'zod';
import { defineEndpoint, deliverInBackground, type EndpointContext, fail, type UserRow } from '../../../kit.js';
import { emailOTPConfig, OTP_TYPES, type OtpType } from '../config.js';
import { emailOf, findUser, throttleSends } from '../guard.js';
import { sendOtpMail } from '../mail.js';
import { generateOtp, storeOtp } from '../otp.js';

/** Whether a code of `type` goes to this address: never to one that could not use it. */
function wanted(c: EndpointContext, type: OtpType, user: UserRow | null): boolean {
  if (type === 'sign-in') return !!user || !emailOTPConfig(c.auth).disableSignUp;
  if (type === 'email-verification') return !!user && !user.emailVerified;
  return !!user;
}

/**
 * Mails a fresh code of `type` to `email` (replacing the last one), or nothing when the address
 * could not use it; the answer is `{ success: true }` either way and comes before anything is
 * stored or sent, so neither it nor its timing tells which addresses have accounts.
 */
export async function sendCode(c: EndpointContext, rawEmail: string, type: OtpType): Promise<{ success: true }> {
  const { auth } = c;
  if (type === 'forget-password' && !auth.options.emailAndPassword.enabled) fail('BAD_REQUEST', 'RESET_PASSWORD_DISABLED');
  const email = emailOf(rawEmail);
  await throttleSends(c, email);
  const user = await findUser(c, email);
  if (wanted(c, type, user)) {
    // The account holder's language, else the asking request's (an address without an account yet).
    const locale = auth.i18n.recipientLocale(user?.locale, c.headers.get('accept-language'));
    let rowId: string | undefined;
    deliverInBackground(
      auth,
      async () => {
        const otp = generateOtp(emailOTPConfig(auth).otpLength);
        rowId = await storeOtp(auth, type, email, otp);
        await sendOtpMail(auth, email, otp, type, locale);
      },
      // A code nobody received must not stay usable.
      async () => {
        if (rowId) await auth.adapter.delete('verification', [{ field: 'id', value: rowId }]);
      },
    );
  }
  return { success: true };
}

/** POST /email-otp/send-verification-otp {email, type}: `type` is sign-in, email-verification or forget-password. */
export const sendVerificationOtp = defineEndpoint({
  method: 'POST',
  path: '/email-otp/send-verification-otp',
  body: z.object({ email: z.string(), type: z.enum(OTP_TYPES) }),
  handler: (c) => sendCode(c, c.body.email, c.body.type),
});

/** POST /email-otp/request-password-reset {email}: better-auth's name for sending a forget-password code. */
export const requestPasswordResetOtp = defineEndpoint({
  method: 'POST',
  path: '/email-otp/request-password-reset',
  body: z.object({ email: z.string() }),
  handler: (c) => sendCode(c, c.body.email, 'forget-password'),
});

/**
 * POST /forget-password/email-otp {email}: the older name better-auth 1.7 still ships (its
 * client's `forgetPassword.emailOtp`, deprecated) for the same forget-password code.
 */
export const forgetPasswordEmailOtp = defineEndpoint({
  method: 'POST',
  path: '/forget-password/email-otp',
  body: z.object({ email: z.string() }),
  handler: (c) => sendCode(c, c.body.email, 'forget-password'),
});
