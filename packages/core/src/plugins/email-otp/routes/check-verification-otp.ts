import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { OTP_TYPES } from '../config.js';
import { emailOf, findUser, lockoutIdentity, refuseOtp } from '../guard.js';
import { takeOtp } from '../otp.js';

/**
 * POST /email-otp/check-verification-otp {email, type, otp}: whether the code is right, without
 * using it up (e.g. before asking for a new password). A wrong code counts a try like anywhere
 * else. Answers `{ success: true }`; an address without a code is refused like a wrong code.
 */
export const checkVerificationOtp = defineEndpoint({
  method: 'POST',
  path: '/email-otp/check-verification-otp',
  body: z.object({ email: z.string(), type: z.enum(OTP_TYPES), otp: z.string().max(64) }),
  async handler(c) {
    const { auth } = c;
    const email = emailOf(c.body.email);
    await auth.lockout.begin(lockoutIdentity(email));
    const outcome = await takeOtp(auth, auth.adapter, { type: c.body.type, email, otp: c.body.otp.trim(), consume: false });
    if (outcome !== 'ok') return refuseOtp(c, outcome, email, await findUser(c, email));
    return { success: true };
  },
});
