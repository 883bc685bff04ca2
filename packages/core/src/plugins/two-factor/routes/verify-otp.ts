import { answerOf, defineEndpoint, type PublicUser } from '../../../kit.js';
import { z } from 'zod';
import { failChallenge, openChallenge, passChallenge } from '../challenge.js';
import { checkOtp } from '../otp.js';

export const verifyTwoFactorOtp = defineEndpoint({
  method: 'POST',
  path: '/two-factor/verify-otp',
  requirePerson: true,
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.object({ code: z.string(), trustDevice: z.boolean().optional() }),
  async handler(c) {
    const ch = await openChallenge(c, { attempt: true });
    if (!(await checkOtp(c.auth, ch.user.id, c.body.code.trim()))) return failChallenge(c, ch);
    return passChallenge(c, ch, { trustDevice: c.body.trustDevice });
  },
});
