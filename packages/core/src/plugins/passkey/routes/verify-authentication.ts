import type { PublicUser, SignInAnswer } from '../../../public-types.js';
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../endpoint.js';
import { fail } from '../../../errors.js';
import type { UserRow } from '../../../session/types.js';
import { completeSignIn, emailVerification } from '../../../sign-in.js';
import { takeChallenge } from '../challenge.js';
import { passkeyConfig } from '../config.js';
import { passkeyError } from '../errors.js';
import { type Passkey, transportsOf, userHandleOf } from '../store.js';

/** The JSON a browser's `navigator.credentials.get` gives (as @simplewebauthn/browser sends it). */
const authenticationResponse = z.object({
  id: z.string().min(1).max(255),
  rawId: z.string().min(1).max(255),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(10_000),
    authenticatorData: z.string().max(10_000),
    signature: z.string().max(10_000),
    userHandle: z.string().max(1024).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
});

/** Failed passkey sign-ins are counted per user, apart from their password's (a guessed password does not lock the passkey out). */
const lockoutIdentity = (userId: string) => `passkey:${userId}`;

/**
 * POST /passkey/verify-authentication {response}: signs in with a passkey. The assertion must
 * answer this browser's challenge (once), come from an allowed origin for the RP id, carry user
 * verification, be signed by the stored key and move the signature counter forward. Then it is
 * a sign-in like any other (lockout, ban, email verification, audit, session rules), with both
 * factors given: a two-factor user is not asked for a code. Answers `{ token, user }`.
 */
export const verifyAuthentication = defineEndpoint({
  method: 'POST',
  path: '/passkey/verify-authentication',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ token: string; user: PublicUser }>>(),
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
      await auth.lockout.fail(identity, user);
      await auth.audit.record(c, 'sign-in.failure', { userId: passkey.userId, details: { method: 'passkey', passkeyId: passkey.id } });
      throw passkeyError('UNAUTHORIZED', 'AUTHENTICATION_FAILED');
    };
    if (!user) return refuse();
    // A discoverable credential names its user: it must be the passkey's owner.
    const handle = response.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(user.id))) return refuse();
    const config = passkeyConfig(auth);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: { clientExtensionResults: {}, ...response } as AuthenticationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: config.origins,
        expectedRPID: config.rpID,
        requireUserVerification: true,
        // The counter is compared below, once the signature is known to be good, so that a
        // rollback is told apart (and audited) from a forgery.
        credential: { id: passkey.credentialID, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: 0, transports: transportsOf(passkey) as never },
      });
      if (!verified.verified) return refuse();
      newCounter = verified.authenticationInfo.newCounter;
    } catch (e) {
      auth.logger.info({ err: String(e), userId: user.id }, 'passkey assertion refused');
      return refuse();
    }
    const stored = passkey.counter;
    if ((stored > 0 || newCounter > 0) && newCounter <= stored) {
      await auth.audit.record(c, 'passkey.counter-rollback', { userId: user.id, details: { passkeyId: passkey.id, stored, received: newCounter } });
      return refuse();
    }
    // Compare-and-set: of two requests carrying the same counter only one moves it.
    const moved = await auth.adapter.updateMany(
      'passkey',
      [
        { field: 'id', value: passkey.id },
        { field: 'counter', value: stored },
      ],
      { counter: newCounter },
    );
    if (moved === 0) return refuse();
    await auth.lockout.succeed(identity);

    if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
      await emailVerification(auth)?.sendVerification(user);
      fail('FORBIDDEN', 'EMAIL_NOT_VERIFIED');
    }
    const done = await completeSignIn(c, user, { rememberMe: true, method: 'passkey' });
    if ('intercepted' in done) return done.intercepted;
    return { token: done.token, user: auth.publicUser(done.user) };
  },
});
