import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { deleteIdentifier, deleteUserNow } from '../delete-account.js';
import { landOn } from '../link-landing.js';
import { peekVerification, withQuery } from '../tokens.js';

/**
 * GET /delete-user/callback?token&callbackURL: the link in the delete-account
 * mail. The token (one use, 24 hours) proves control of the mailbox, so no
 * session is needed; the caller's cookies are cleared when they were that user's.
 * With a callbackURL it always lands there, `?error=invalid_token` when the link is
 * unknown, expired or used (a person following a mail meets a page, not JSON);
 * without one it answers JSON.
 */
export const deleteUserCallback = defineEndpoint({
  method: 'GET',
  path: '/delete-user/callback',
  query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, query } = c;
    const refuse = () => {
      if (query.callbackURL) return landOn(c, withQuery(query.callbackURL, { error: 'invalid_token' }), 'delete-account');
      return fail('BAD_REQUEST', 'INVALID_TOKEN');
    };
    const userId = await peekVerification(auth, deleteIdentifier(query.token));
    const user = userId ? await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: userId }]) : null;
    if (!user) return refuse();
    const caller = await c.getSession();
    if (!(await deleteUserNow(auth, user, query.token, c))) return refuse();
    if (caller?.user.id === user.id) auth.sessions.clearCookies(c);
    if (query.callbackURL) return landOn(c, query.callbackURL, 'delete-account');
    return { success: true, message: 'User deleted' };
  },
});
