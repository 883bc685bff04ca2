import {
  answerOf,
  APIError,
  BASE_ERRORS,
  completeSignIn,
  defineEndpoint,
  type EndpointContext,
  fail,
  parseUserInput,
  proveMailbox,
  type PublicUser,
  type SignInAnswer,
  type UserRow,
} from '../../../kit.js';
import { z } from 'zod';
import { emailOTPConfig } from '../config.js';
import { emailOf, findUser, lockoutIdentity, refuseOtp } from '../guard.js';
import { takeOtp } from '../otp.js';

/** A person who proved the address and has no account yet: one, verified, without a password. */
async function createUser(c: EndpointContext, email: string): Promise<UserRow> {
  const { auth } = c;
  // No name is known yet (the person may set one later); the schema's defaults for the rest, and
  // an additional field the library user requires refuses here, by name.
  const fields = parseUserInput(auth, { name: '' }, 'create');
  let user: UserRow | null;
  try {
    user = await auth.adapter.create<UserRow>('user', { ...fields, email, emailVerified: true });
  } catch (e) {
    if (e instanceof APIError) throw e;
    if (!auth.database.caps.isUniqueViolation(e)) throw e;
    // Made by a parallel sign-in with the same address meanwhile: that is the user.
    user = await findUser(c, email);
  }
  if (!user) throw new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
  await auth.audit.record(c, 'sign-up', { userId: user.id, actorId: user.id, details: { method: 'email-otp' } });
  return user;
}

/**
 * POST /sign-in/email-otp {email, otp}: signs in with a mailed sign-in code, used once. An
 * address without an account gets one (verified) unless `disableSignUp`; an unverified one is
 * verified by the code. Then it is a sign-in like any other (bans, two-factor, audit with
 * `method: "email-otp"`, a remembered session). Answers `{ token, user }` and the session cookies.
 */
export const signInEmailOtp = defineEndpoint({
  method: 'POST',
  path: '/sign-in/email-otp',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ token: string; user: PublicUser }>>(),
  body: z.object({ email: z.string(), otp: z.string().max(64) }),
  async handler(c) {
    const { auth } = c;
    const email = emailOf(c.body.email);
    const identity = lockoutIdentity(email);
    await auth.lockout.begin(identity);
    const outcome = await takeOtp(auth, auth.adapter, { type: 'sign-in', email, otp: c.body.otp.trim(), consume: true });
    let user = await findUser(c, email);
    if (outcome !== 'ok') {
      await auth.audit.record(c, 'sign-in.failure', { userId: user?.id ?? null, details: { method: 'email-otp', reason: outcome } });
      return refuseOtp(c, outcome, email, user);
    }
    await auth.lockout.succeed(identity);
    if (!user) {
      if (emailOTPConfig(auth).disableSignUp) fail('BAD_REQUEST', 'USER_NOT_FOUND');
      user = await createUser(c, email);
    } else {
      // The code came to this address: it is proven (so requireEmailVerification is met), and an
      // unverified account is adopted: what anyone set up on it before ends (account pre-hijacking).
      user = await proveMailbox(c, user, 'email-otp');
    }
    const done = await completeSignIn(c, user, { rememberMe: true, method: 'email-otp', secondFactorDue: true });
    if ('intercepted' in done) return done.intercepted;
    return { token: done.token, user: auth.publicUser(done.user) };
  },
});
