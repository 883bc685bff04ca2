import {
  answerOf,
  completeSignIn,
  defineEndpoint,
  emailVerification,
  fail,
  type PublicSession,
  type PublicUser,
  type SignInAnswer,
  type UserRow,
} from '../../../kit.js';
import { z } from 'zod';
import { acceptAssertion, authenticationResponse } from '../assertion.js';
import { takeChallenge } from '../challenge.js';
import { passkeyError } from '../errors.js';
import type { Passkey } from '../store.js';

/** Failed passkey sign-ins are counted per user, apart from their password's (a guessed password does not lock the passkey out). */
const lockoutIdentity = (userId: string) => `passkey:${userId}`;

/**
 * POST /passkey/verify-authentication {response}: signs in with a passkey. The assertion must
 * answer this browser's challenge (once), come from an allowed origin for the RP id, carry user
 * verification, be signed by the stored key and move the signature counter forward. Then it is
 * a sign-in like any other (lockout, ban, email verification, audit, session rules), with both
 * factors given: a two-factor user is not asked for a code. Answers `{ session, user }` as
 * @better-auth/passkey 1.7 does (the session as get-session shows it), and `token` as before.
 */
export const verifyAuthentication = defineEndpoint({
  method: 'POST',
  path: '/passkey/verify-authentication',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ session: PublicSession; user: PublicUser; token: string }>>(),
  body: z.object({ response: authenticationResponse }),
  async handler(c) {
    const { auth } = c;
    const response = c.body.response;
    const challenge = await takeChallenge(c, 'authenticate');
    if (!challenge) throw passkeyError('BAD_REQUEST', 'CHALLENGE_NOT_FOUND');
    const passkey = await auth.adapter.findOne<Passkey & Record<string, unknown>>('passkey', [{ field: 'credentialID', value: response.id }]);
    if (!passkey) {
      await auth.audit.record(c, 'sign-in.failure', { details: { method: 'passkey' } });
      throw passkeyError('UNAUTHORIZED', 'PASSKEY_NOT_FOUND');
    }
    const identity = lockoutIdentity(passkey.userId);
    await auth.lockout.begin(identity);
    const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: passkey.userId }]);
    const refuse = async (): Promise<never> => {
      await auth.lockout.fail(identity, user, c);
      await auth.audit.record(c, 'sign-in.failure', { userId: passkey.userId, details: { method: 'passkey', passkeyId: passkey.id } });
      throw passkeyError('UNAUTHORIZED', 'AUTHENTICATION_FAILED');
    };
    if (!user) return refuse();
    if (!(await acceptAssertion(c, passkey, response, challenge.challenge))) return refuse();
    await auth.lockout.succeed(identity);

    if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
      await emailVerification(auth)?.sendVerification(user);
      fail('FORBIDDEN', 'EMAIL_NOT_VERIFIED');
    }
    const done = await completeSignIn(c, user, { rememberMe: true, method: 'passkey' });
    if ('intercepted' in done) return done.intercepted;
    return { ...auth.sessions.answer(done), token: done.token };
  },
});
