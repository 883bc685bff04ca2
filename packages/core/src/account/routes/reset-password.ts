import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { setCredentialPassword } from '../credential.js';
import { consumeVerification, peekVerification } from '../tokens.js';
import { resetIdentifier } from './forget-password.js';

/**
 * POST /reset-password {newPassword, token?} (token also as ?token=): sets the
 * password and uses the token up, both in one transaction, so of two concurrent
 * uses exactly one succeeds. A user with only social accounts gets a credential
 * account. With `revokeSessionsOnPasswordReset` every session of the user ends.
 */
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/reset-password',
  body: z.object({ newPassword: z.string(), token: z.string().optional() }),
  query: z.object({ token: z.string().optional() }),
  async handler(c) {
    const { auth } = c;
    const token = c.body.token || c.query.token;
    if (!token) fail('BAD_REQUEST', 'INVALID_TOKEN');
    // The rules may depend on whose password it is (a second factor allows a shorter one);
    // an unusable token is judged as a password alone, and refused below.
    await auth.password.check(c.body.newPassword, { userId: await peekVerification(auth, resetIdentifier(token)) });
    // Hash first: scrypt never runs while the transaction holds a lock.
    const hash = await auth.password.hash(c.body.newPassword, c);
    const used = await auth.adapter.transaction((trx) =>
      consumeVerification(auth, trx, resetIdentifier(token), async (userId) => {
        if (!(await trx.findOne('user', [{ field: 'id', value: userId }]))) return false;
        await setCredentialPassword(trx, userId, hash);
        return true;
      }),
    );
    if (!used.ok || !used.result) fail('BAD_REQUEST', 'INVALID_TOKEN');
    if (auth.options.emailAndPassword.revokeSessionsOnPasswordReset) await auth.sessions.revokeAll(used.userId);
    await auth.audit.record(c, 'password.reset', { userId: used.userId, actorId: used.userId });
    return { status: true };
  },
});
