import { z } from 'zod';
import { LOWER_ALPHANUMERIC, randomString } from '../../crypto/random.js';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { mailIsConfigured } from '../../mail/deliver.js';
import { findCredential } from '../credential.js';
import { DELETE_TOKEN_EXPIRES_IN, DELETE_TOKEN_LENGTH, deleteIdentifier, deleteUserNow } from '../delete-account.js';
import { DEFAULT_LINK_TARGET } from '../link-landing.js';
import { accountMails } from '../mail-templates.js';
import { peekVerification, storeVerification, withQuery } from '../tokens.js';

const DELETED = { success: true, message: 'User deleted' } as const;

/**
 * POST /delete-user {callbackURL?, password?, token?}. Deletes at once with the
 * correct password, with a mailed token, or, when no mail leaves the process,
 * with a fresh session. Otherwise (mail configured) it mails a one-time link
 * to /delete-user/callback, valid 24 hours.
 */
export const deleteUser = defineEndpoint({
  method: 'POST',
  path: '/delete-user',
  changesSession: true,
  body: z.object({ callbackURL: z.string().optional(), password: z.string().optional(), token: z.string().optional() }),
  redirectFields: ['callbackURL'],
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth, body } = c;
    const { session, user } = c.session;

    if (body.password !== undefined) {
      const account = await findCredential(auth.adapter, user.id);
      if (!account?.password) fail('BAD_REQUEST', 'CREDENTIAL_ACCOUNT_NOT_FOUND');
      if (!(await auth.password.verify(account.password, body.password, c))) fail('BAD_REQUEST', 'INVALID_PASSWORD');
      await deleteUserNow(auth, user, undefined, c);
      auth.sessions.clearCookies(c);
      return DELETED;
    }

    if (body.token) {
      // Check ownership before using the token up, so nobody can burn another user's link.
      if ((await peekVerification(auth, deleteIdentifier(body.token))) !== user.id) fail('BAD_REQUEST', 'INVALID_TOKEN');
      if (!(await deleteUserNow(auth, user, body.token, c))) fail('BAD_REQUEST', 'INVALID_TOKEN');
      auth.sessions.clearCookies(c);
      return DELETED;
    }

    if (mailIsConfigured(auth) || auth.options.user.deleteUser.sendDeleteAccountVerification) {
      const token = randomString(DELETE_TOKEN_LENGTH, LOWER_ALPHANUMERIC);
      const rowId = await storeVerification(auth, deleteIdentifier(token), user.id, DELETE_TOKEN_EXPIRES_IN);
      // The link always names a landing (`/` when none was given), so it leads to a page.
      const url = withQuery(auth.url('/delete-user/callback'), { token, callbackURL: body.callbackURL || DEFAULT_LINK_TARGET });
      try {
        await accountMails.deleteAccount(auth, user, url, token, DELETE_TOKEN_EXPIRES_IN);
      } catch (e) {
        await auth.adapter.delete('verification', [{ field: 'id', value: rowId }]);
        throw e;
      }
      return { success: true, message: 'Verification email sent' };
    }

    // Spec section 8's 'Session expired. Re-authenticate to perform this action.' (400, as
    // better-auth answers here); 'Session is not fresh' (403) is for the fresh-session routes.
    if (!auth.sessions.isFresh(session)) fail('BAD_REQUEST', 'SESSION_EXPIRED');
    await deleteUserNow(auth, user, undefined, c);
    auth.sessions.clearCookies(c);
    return DELETED;
  },
});
