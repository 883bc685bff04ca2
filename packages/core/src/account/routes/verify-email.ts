import type { PublicUser } from '../../public-types.js';
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { answerOf, defineEndpoint, type EndpointContext } from '../../endpoint.js';
import { APIError, BASE_ERRORS } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { completeSignIn } from '../../sign-in.js';
import { ACCOUNT_ERRORS } from '../errors.js';
import { type LinkKind, landOn } from '../link-landing.js';
import { verifyEmailToken, withQuery } from '../tokens.js';
import { sendVerification } from '../verification.js';

type Failure = 'token_expired' | 'invalid_token' | 'user_not_found' | 'unauthorized' | 'couldnt_update_your_email';

const JSON_FAILURES: Record<Failure, () => APIError> = {
  token_expired: () => new APIError('UNAUTHORIZED', 'TOKEN_EXPIRED', ACCOUNT_ERRORS.TOKEN_EXPIRED),
  invalid_token: () => new APIError('UNAUTHORIZED', 'INVALID_TOKEN', BASE_ERRORS.INVALID_TOKEN),
  user_not_found: () => new APIError('UNAUTHORIZED', 'USER_NOT_FOUND', BASE_ERRORS.USER_NOT_FOUND),
  unauthorized: () => new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED),
  couldnt_update_your_email: () => new APIError('BAD_REQUEST', 'COULDNT_UPDATE_YOUR_EMAIL', BASE_ERRORS.COULDNT_UPDATE_YOUR_EMAIL),
};

/**
 * GET /verify-email?token&callbackURL: follows a mailed link. A plain token
 * `{email}` marks the address verified (and may sign in); a change-email token
 * `{email, updateTo}` switches the signed-in user's address to `updateTo`,
 * unverified, and mails a verification link there.
 *
 * Each link works once: the write is conditional on the state the token was made
 * for (still unverified / still at the old address), and the update count decides.
 */
export const verifyEmail = defineEndpoint({
  method: 'GET',
  path: '/verify-email',
  changesSession: true,
  answer: answerOf<{ status: boolean; user: PublicUser }>(),
  query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, query } = c;
    const failWith = (error: Failure, kind: LinkKind = 'verify-email') => {
      if (query.callbackURL) return landOn(c, withQuery(query.callbackURL, { error }), kind);
      throw JSON_FAILURES[error]();
    };

    const checked = await verifyEmailToken(auth, query.token);
    if (!checked.ok) return failWith(checked.reason === 'expired' ? 'token_expired' : 'invalid_token');
    const { email, updateTo } = checked.payload;
    const kind: LinkKind = updateTo ? 'change-email' : 'verify-email';
    const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
    if (!user) return failWith('user_not_found', kind);

    let updated: UserRow;
    if (updateTo) {
      const session = await c.getSession();
      if (!session || session.user.id !== user.id) return failWith('unauthorized', kind);
      const outcome = await switchEmail(auth, user, updateTo, query.callbackURL);
      if (typeof outcome === 'string') return failWith(outcome, kind);
      updated = outcome;
    } else {
      // Only an unverified user at this address changes: a second use finds none.
      const row = await auth.adapter.update<UserRow>(
        'user',
        [
          { field: 'id', value: user.id },
          { field: 'email', value: email },
          { field: 'emailVerified', value: false },
        ],
        { emailVerified: true },
      );
      if (!row) return failWith('invalid_token', kind);
      updated = row;
    }

    await auth.audit.record(c, updateTo ? 'email.change' : 'email.verify', {
      userId: user.id,
      actorId: user.id,
      details: updateTo ? { from: email, to: updateTo } : { email },
    });
    await signInOrRefresh(c, updated, !updateTo);
    if (query.callbackURL) return landOn(c, query.callbackURL, kind);
    return { status: true, user: auth.publicUser(updated) };
  },
});

/** Moves `user` from its current address to `updateTo`, unverified; undone if the new address's mail fails. */
async function switchEmail(auth: AuthContext, user: UserRow, updateTo: string, callbackURL?: string): Promise<UserRow | Failure> {
  if (await auth.adapter.findOne('user', [{ field: 'email', value: updateTo }])) return 'couldnt_update_your_email';
  let updated: UserRow | null;
  try {
    // Conditional on the old address: once switched, the same link finds nothing to change.
    updated = await auth.adapter.update<UserRow>(
      'user',
      [
        { field: 'id', value: user.id },
        { field: 'email', value: user.email },
      ],
      { email: updateTo, emailVerified: false },
    );
  } catch (e) {
    if (auth.database.caps.isUniqueViolation(e)) return 'couldnt_update_your_email';
    throw e;
  }
  if (!updated) return 'invalid_token';
  try {
    await sendVerification(auth, updated, callbackURL);
  } catch (e) {
    // Back to the confirmed address, so the (still valid) link can be followed again later.
    await auth.adapter.update('user', [{ field: 'id', value: user.id }], { email: user.email, emailVerified: user.emailVerified });
    throw e;
  }
  return updated;
}

/**
 * After a verification: with autoSignInAfterVerification a session is made unless the
 * caller already has one for this user; a caller signed in as this user gets its
 * cached session data refreshed.
 */
async function signInOrRefresh(c: EndpointContext<unknown, unknown>, user: UserRow, mayAutoSignIn: boolean): Promise<void> {
  const { auth } = c;
  const current = await c.getSession();
  if (current && current.user.id === user.id) {
    if (auth.options.session.cookieCache.enabled) {
      auth.sessions.setCookies(c, { session: current.session, user, token: current.token }, !!current.session.dontRemember);
    }
    return;
  }
  if (!mayAutoSignIn || !auth.options.emailVerification.autoSignInAfterVerification) return;
  // Through completeSignIn, so plugins' sign-in policies apply as for any sign-in.
  // The verification itself has happened: a plugin that refuses or intercepts only
  // means no session comes with it.
  try {
    await completeSignIn(c, user, { rememberMe: true, method: 'email-verification' });
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    auth.logger.info({ userId: user.id, code: e.code }, 'no automatic sign-in after email verification');
  }
}
