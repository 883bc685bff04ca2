import { defineEndpoint } from '../../../kit.js';
import { openChallenge } from '../challenge.js';
import { sendOtp } from '../otp.js';

/** Mails a one-time code to the account's address (the "Email me a code" of the challenge). */
export const sendTwoFactorOtp = defineEndpoint({
  method: 'POST',
  path: '/two-factor/send-otp',
  async handler(c) {
    const ch = await openChallenge(c, { attempt: false });
    await sendOtp(c.auth, ch.user, c.headers.get('accept-language'));
    return { status: true };
  },
});
