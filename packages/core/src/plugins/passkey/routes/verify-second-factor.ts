import { answerOf, defineEndpoint, type PublicUser, twoFactorSeam } from '../../../kit.js';
import { z } from 'zod';
import { acceptAssertion, authenticationResponse } from '../assertion.js';
import { takeChallenge } from '../challenge.js';
import { passkeyError } from '../errors.js';
import type { Passkey } from '../store.js';

/**
 * POST /two-factor/verify-passkey {response, trustDevice?}: a passkey as the second factor of a
 * password sign-in, instead of a code. Only while that sign-in waits (the two-factor cookie);
 * the assertion must answer the challenge this browser got from generate-authenticate-options
 * during the wait (which named the user's passkeys), and come from one of the waiting user's
 * own passkeys. Each try counts against the pending sign-in's attempts and the second factor's
 * lockout, as a wrong code does. Then the sign-in ends as with a code: `{ token, user }`, the
 * session cookies (remembered as the password sign-in asked), and with `trustDevice` this
 * browser skips the second factor for 30 days.
 */
export const verifyPasskeySecondFactor = defineEndpoint({
  method: 'POST',
  path: '/two-factor/verify-passkey',
  requirePerson: true,
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.object({ response: authenticationResponse, trustDevice: z.boolean().optional() }),
  async handler(c) {
    const { auth } = c;
    // The two-factor plugin's challenge (kit seam); without that plugin no sign-in waits here.
    const twoFactor = twoFactorSeam.find(auth);
    if (!twoFactor) throw passkeyError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
    const ch = await twoFactor.open(c, { attempt: true });
    // A signed-in caller has no sign-in to finish: confirming two-factor is the codes' job.
    if (ch.kind !== 'pending') throw twoFactor.noWaitingSignIn();
    const challenge = await takeChallenge(c, 'authenticate');
    if (!challenge || challenge.userId !== ch.user.id) throw passkeyError('BAD_REQUEST', 'CHALLENGE_NOT_FOUND');
    const response = c.body.response;
    // Only the waiting user's own passkeys: another user's is as unknown as a forged one.
    const passkey = await auth.adapter.findOne<Passkey & Record<string, unknown>>('passkey', [
      { field: 'credentialID', value: response.id },
      { field: 'userId', value: ch.user.id },
    ]);
    if (!passkey || !(await acceptAssertion(c, passkey, response, challenge.challenge))) return twoFactor.fail(c, ch);
    return twoFactor.pass(c, ch, { trustDevice: c.body.trustDevice });
  },
});
