import { answerOf, defineEndpoint, type PublicUser, type UserRow } from '../../../kit.js';
import { z } from 'zod';
import { failChallenge, openChallenge, passChallenge } from '../challenge.js';
import { twoFactorError } from '../errors.js';
import { refreshSessionCache } from '../session-cache.js';
import { findTwoFactor, openSecret } from '../store.js';
import { totpStep } from '../totp.js';

export const verifyTotp = defineEndpoint({
  method: 'POST',
  path: '/two-factor/verify-totp',
  requirePerson: true,
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.object({ code: z.string(), trustDevice: z.boolean().optional() }),
  async handler(c) {
    const { auth } = c;
    const ch = await openChallenge(c, { attempt: true });
    const row = await findTwoFactor(auth, ch.user.id);
    if (!row) throw twoFactorError('BAD_REQUEST', 'TOTP_NOT_ENABLED');
    const secret = openSecret(auth, row);
    const step = secret ? totpStep(secret, c.body.code.trim(), auth.now()) : null;
    if (step === null) return failChallenge(c, ch);
    // Claim the step atomically: a code seen once (even by a concurrent request) is refused.
    const claimed = await auth.adapter.updateMany(
      'twoFactor',
      [
        { field: 'id', value: row.id },
        { field: 'lastTotpStep', value: step, operator: 'lt', connector: 'OR' },
        { field: 'lastTotpStep', value: null, connector: 'OR' },
      ],
      { lastTotpStep: step },
    );
    if (claimed === 0) return failChallenge(c, ch);
    let user = ch.user;
    if (!row.verified || !user.twoFactorEnabled) {
      // The first right code confirms the enrolment: from now on sign-in asks for a second factor.
      await auth.adapter.update('twoFactor', [{ field: 'id', value: row.id }], { verified: true });
      user = (await auth.adapter.update<UserRow>('user', [{ field: 'id', value: user.id }], { twoFactorEnabled: true })) ?? user;
      if (ch.kind === 'session') refreshSessionCache(c, user);
      await auth.audit.record(c, 'two-factor.enable', { userId: user.id, actorId: user.id });
    }
    return passChallenge(c, ch, { trustDevice: c.body.trustDevice, user });
  },
});
