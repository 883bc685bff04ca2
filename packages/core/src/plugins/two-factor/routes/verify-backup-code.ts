import { answerOf, defineEndpoint, type PublicUser } from '../../../kit.js';
import { z } from 'zod';
import { failChallenge, openChallenge, passChallenge } from '../challenge.js';
import { consumeBackupCode } from '../store.js';

/**
 * A backup code, used up on success. `disableSession`: the code is checked and spent and
 * the pending sign-in ends, but no session is made (`token: null`).
 */
export const verifyBackupCode = defineEndpoint({
  method: 'POST',
  path: '/two-factor/verify-backup-code',
  requirePerson: true,
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.object({ code: z.string(), trustDevice: z.boolean().optional(), disableSession: z.boolean().optional() }),
  async handler(c) {
    const ch = await openChallenge(c, { attempt: true });
    if (!(await consumeBackupCode(c.auth, ch.user.id, c.body.code))) return failChallenge(c, ch);
    return passChallenge(c, ch, { trustDevice: c.body.trustDevice && !c.body.disableSession, disableSession: c.body.disableSession });
  },
});
