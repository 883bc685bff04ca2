import type { PublicUser } from '../../public-types.js';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { findCredential } from '../credential.js';

/**
 * POST /change-password {newPassword, currentPassword, revokeOtherSessions?}.
 * With revokeOtherSessions the caller gets a brand-new session (new token and
 * cookies) and every other session of the user ends: `{token, user}`; else `{token: null, user}`.
 */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/change-password',
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.object({ newPassword: z.string(), currentPassword: z.string(), revokeOtherSessions: z.boolean().optional() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth, body } = c;
    const { session, user } = c.session;
    await auth.password.check(body.newPassword, { userId: user.id });
    const account = await findCredential(auth.adapter, user.id);
    if (!account?.password) fail('BAD_REQUEST', 'CREDENTIAL_ACCOUNT_NOT_FOUND');
    if (!(await auth.password.verify(account.password, body.currentPassword, c))) fail('BAD_REQUEST', 'INVALID_PASSWORD');
    const hash = await auth.password.hash(body.newPassword, c);
    await auth.adapter.update('account', [{ field: 'id', value: account.id }], { password: hash });
    await auth.audit.record(c, 'password.change', { userId: user.id, details: { revokeOtherSessions: !!body.revokeOtherSessions } });

    if (!body.revokeOtherSessions) return { token: null, user: auth.publicUser(user) };
    // The new session first, so that a failure never leaves the caller signed out.
    const dontRemember = !!session.dontRemember;
    const created = await auth.sessions.create(c, user.id, { dontRemember });
    await auth.sessions.revokeAll(user.id, created.session.id);
    auth.sessions.setCookies(c, { ...created, user }, dontRemember);
    return { token: created.token, user: auth.publicUser(user) };
  },
});
