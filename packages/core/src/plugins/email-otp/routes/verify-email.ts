import { answerOf, APIError, completeSignIn, defineEndpoint, type EndpointContext, fail, type PublicUser, type UserRow } from '../../../kit.js';
import { z } from 'zod';
import { emailOf, findUser, lockoutIdentity, refuseOtp } from '../guard.js';
import { takeOtp } from '../otp.js';

/**
 * After a verification, as the core's /verify-email link does: a caller signed in as this user
 * gets its cached session data refreshed; else, with `emailVerification.autoSignInAfterVerification`,
 * a session is made (through completeSignIn, so bans still apply; a refusal only means no session).
 * Answers the new session's token, or null.
 */
async function signInOrRefresh(c: EndpointContext, user: UserRow): Promise<string | null> {
  const { auth } = c;
  const current = await c.getSession();
  if (current && current.user.id === user.id) {
    if (auth.options.session.cookieCache.enabled) {
      auth.sessions.setCookies(c, { session: current.session, user, token: current.token }, !!current.session.dontRemember);
    }
    return null;
  }
  if (!auth.options.emailVerification.autoSignInAfterVerification) return null;
  try {
    const done = await completeSignIn(c, user, { rememberMe: true, method: 'email-verification' });
    return 'intercepted' in done ? null : done.token;
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    auth.logger.info({ userId: user.id, code: e.code }, 'no automatic sign-in after email verification');
    return null;
  }
}

/**
 * POST /email-otp/verify-email {email, otp}: marks the address verified with a mailed
 * email-verification code, used once. Answers `{ status: true, token, user }`: `token` is the new
 * session's with `autoSignInAfterVerification` (cookies set), else null.
 */
export const verifyEmailOtp = defineEndpoint({
  method: 'POST',
  path: '/email-otp/verify-email',
  changesSession: true,
  answer: answerOf<{ status: boolean; token: string | null; user: PublicUser }>(),
  body: z.object({ email: z.string(), otp: z.string().max(64) }),
  async handler(c) {
    const { auth } = c;
    const email = emailOf(c.body.email);
    const identity = lockoutIdentity(email);
    await auth.lockout.begin(identity);
    const outcome = await takeOtp(auth, auth.adapter, { type: 'email-verification', email, otp: c.body.otp.trim(), consume: true });
    const user = await findUser(c, email);
    if (outcome !== 'ok') return refuseOtp(c, outcome, email, user);
    await auth.lockout.succeed(identity);
    // Possible only when the account went away after the code was sent; the code proves the address.
    if (!user) fail('BAD_REQUEST', 'USER_NOT_FOUND');
    let updated = user;
    if (!user.emailVerified) {
      updated = (await auth.adapter.update<UserRow>('user', [{ field: 'id', value: user.id }], { emailVerified: true })) ?? user;
      await auth.audit.record(c, 'email.verify', { userId: user.id, actorId: user.id, details: { email, method: 'email-otp' } });
    }
    const token = await signInOrRefresh(c, updated);
    return { status: true, token, user: auth.publicUser(updated) };
  },
});
