import { z } from 'zod';
import { type Adopted, defineEndpoint, fail, finishAdoption, setCredentialPassword, type UserRow } from '../../../kit.js';
import { emailOf, findUser, lockoutIdentity, refuseOtp } from '../guard.js';
import { type OtpOutcome, takeOtp } from '../otp.js';

/**
 * POST /email-otp/reset-password {email, otp, password}: sets a new password with a mailed
 * forget-password code, under the core's reset rules (length limits; every session ends with
 * `revokeSessionsOnPasswordReset`). The code is used up and the password set in one
 * transaction: of two uses exactly one succeeds. A user with no password gets one; an
 * unverified account is adopted by the code (security/adoption.ts: verified, every earlier
 * session and way in removed) before its new password is set. Answers `{ success: true }`.
 */
export const resetPasswordOtp = defineEndpoint({
  method: 'POST',
  path: '/email-otp/reset-password',
  body: z.object({ email: z.string(), otp: z.string().max(64), password: z.string() }),
  async handler(c) {
    const { auth, body } = c;
    if (!auth.options.emailAndPassword.enabled) fail('BAD_REQUEST', 'RESET_PASSWORD_DISABLED');
    const email = emailOf(body.email);
    // Before the code is looked at: a refused password costs no try. The strictest length (as for a user
    // without a second factor): asking whose address it is would tell, before the code, who has two-factor on.
    await auth.password.check(body.password, { userId: null });
    const identity = lockoutIdentity(email);
    await auth.lockout.begin(identity);
    const otp = body.otp.trim();
    // A wrong code is counted and refused before any hashing, so guesses cost the server no scrypt.
    const checked = await takeOtp(auth, auth.adapter, { type: 'forget-password', email, otp, consume: false });
    if (checked !== 'ok') return refuseOtp(c, checked, email, await findUser(c, email));
    // Hashed outside the transaction: scrypt never runs while it holds a lock.
    const hash = await auth.password.hash(body.password, c);
    const result = await auth.adapter.transaction(async (trx): Promise<{ outcome: OtpOutcome; user: UserRow | null; adopted?: Adopted | null }> => {
      const outcome = await takeOtp(auth, trx, { type: 'forget-password', email, otp, consume: true });
      if (outcome !== 'ok') return { outcome, user: null };
      const user = await trx.findOne<UserRow>('user', [{ field: 'email', value: email }]);
      if (!user) return { outcome, user: null };
      // The code proves the mailbox: an unverified account is adopted first (account pre-hijacking:
      // every earlier session and way in ends), then gets the new password.
      const adopted = user.emailVerified ? null : await auth.adoption.adopt(trx, user.id);
      await setCredentialPassword(trx, user.id, hash);
      return { outcome, user, adopted };
    });
    if (result.outcome !== 'ok') return refuseOtp(c, result.outcome, email, await findUser(c, email));
    await auth.lockout.succeed(identity);
    if (!result.user) fail('BAD_REQUEST', 'USER_NOT_FOUND');
    const userId = result.user.id;
    if (result.adopted) await finishAdoption(c, result.adopted, 'email-otp');
    if (auth.options.emailAndPassword.revokeSessionsOnPasswordReset) await auth.sessions.revokeAll(userId);
    await auth.audit.record(c, 'password.reset', { userId, actorId: userId, details: { method: 'email-otp' } });
    return { success: true };
  },
});
