import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { peekVerification, withQuery } from '../tokens.js';
import { resetIdentifier } from './forget-password.js';

/**
 * GET /reset-password/:token?callbackURL: the link in the reset mail. Checks the
 * token without using it and hands it to the app's reset page:
 * `callbackURL?token=…`, or `callbackURL?error=INVALID_TOKEN` when unknown or expired.
 * Without a callbackURL it answers JSON (`{token}` or 400 INVALID_TOKEN).
 */
export const resetPasswordCallback = defineEndpoint({
  method: 'GET',
  path: '/reset-password/:token',
  // Else it would take POST /reset-password's name in `auth.api`.
  name: 'resetPasswordCallback',
  query: z.object({ callbackURL: z.string().optional() }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const token = c.params.token ?? '';
    const valid = token.length > 0 && (await peekVerification(c.auth, resetIdentifier(token))) !== null;
    const { callbackURL } = c.query;
    if (callbackURL) return c.redirect(withQuery(callbackURL, valid ? { token } : { error: 'INVALID_TOKEN' }));
    if (!valid) fail('BAD_REQUEST', 'INVALID_TOKEN');
    return { token };
  },
});
