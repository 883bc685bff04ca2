import {
  answerOf,
  APIError,
  type AuthContext,
  BASE_ERRORS,
  completeSignIn,
  defineEndpoint,
  landOn,
  proveMailbox,
  type PublicSession,
  type PublicUser,
  type SignInAnswer,
  type UserRow,
  withQuery,
} from '../../../kit.js';
import { z } from 'zod';
import { magicLinkConfig } from '../config.js';
import { magicLinkError } from '../errors.js';
import { type LinkRequest, type Redeemed, redeemLink } from '../token.js';

// Its landings carry the link notice under their own kind (account/link-landing.ts).
declare module '../../../account/link-landing.js' {
  interface LinkKinds {
    'magic-link': true;
  }
}

/**
 * The `?error=` a failed link lands with, as better-auth's magic-link plugin names them; a
 * sign-in refused by a plugin (a ban) lands with the refusal's own code (`BANNED_USER`).
 */
export type MagicLinkRedirectError = 'INVALID_TOKEN' | 'EXPIRED_TOKEN' | 'new_user_signup_disabled' | 'failed_to_create_user';

const JSON_ERRORS: Record<MagicLinkRedirectError, () => APIError> = {
  INVALID_TOKEN: () => new APIError('BAD_REQUEST', 'INVALID_TOKEN', BASE_ERRORS.INVALID_TOKEN),
  EXPIRED_TOKEN: () => magicLinkError('BAD_REQUEST', 'EXPIRED_TOKEN'),
  new_user_signup_disabled: () => magicLinkError('FORBIDDEN', 'NEW_USER_SIGNUP_DISABLED'),
  failed_to_create_user: () => new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER),
};

/** An interception's plain fields (`{ twoFactorRedirect: true }`), as query parameters of the landing. */
function interceptionParams(answer: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (answer && typeof answer === 'object') {
    for (const [k, v] of Object.entries(answer)) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = String(v);
  }
  return out;
}

/**
 * The link's user: found by the address it was mailed to, or made now (its email verified:
 * the person has just proved the mailbox is theirs) when links may create accounts.
 */
async function userFor(auth: AuthContext, request: LinkRequest): Promise<{ user: UserRow; isNew: boolean } | MagicLinkRedirectError> {
  const byEmail = () => auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: request.email }]);
  const existing = await byEmail();
  if (existing) return { user: existing, isNew: false };
  if (magicLinkConfig(auth).disableSignUp) return 'new_user_signup_disabled';
  try {
    const created = await auth.adapter.create<UserRow>('user', { name: request.name ?? '', email: request.email, emailVerified: true });
    return created ? { user: created, isNew: true } : 'failed_to_create_user';
  } catch (e) {
    // Two links for one new address opened at once: the other made the account.
    const raced = auth.database.caps.isUniqueViolation(e) ? await byEmail() : null;
    if (raced) return { user: raced, isNew: false };
    if (e instanceof APIError) throw e;
    auth.logger.error({ err: String(e) }, 'magic link: could not create the user');
    return 'failed_to_create_user';
  }
}

/**
 * GET /magic-link/verify?token&callbackURL&newUserCallbackURL&errorCallbackURL: the link in the
 * mail. Uses the link up (once, even when it fails), finds or makes its user, and signs in through
 * the same rules as any sign-in (bans, the audit's `sign-in.success` with method `magic-link`).
 * A link is one factor, like a password: a user with two-factor on is asked for the second
 * (the landing gets `?twoFactorRedirect=true` and the two-factor cookie). Lands on `callbackURL`
 * (`newUserCallbackURL` for a user it created); a failure lands on `errorCallbackURL`, else
 * `callbackURL`, with `?error=`; a landing on our origin also gets the `link_notice` cookie
 * (link-landing.ts), so that the app's `/` can hand it to its magic-link pages. Without any
 * landing it answers JSON: `{ token, user, session }` (the session as get-session shows it, as
 * better-auth 1.7 answers), or the error.
 */
export const magicLinkVerify = defineEndpoint({
  method: 'GET',
  path: '/magic-link/verify',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ token: string; user: PublicUser; session: PublicSession }>>(),
  query: z.object({
    token: z.string().max(512).optional(),
    callbackURL: z.string().optional(),
    newUserCallbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
  }),
  redirectFields: ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL'],
  async handler(c) {
    const { auth, query } = c;
    const errorTarget = query.errorCallbackURL || query.callbackURL;
    const refuse = (code: MagicLinkRedirectError | APIError): Response => {
      if (!errorTarget) throw typeof code === 'string' ? JSON_ERRORS[code]() : code;
      return landOn(c, withQuery(errorTarget, { error: typeof code === 'string' ? code : code.code }), 'magic-link');
    };

    const redeemed: Redeemed = query.token ? await redeemLink(auth, query.token) : { ok: false, reason: 'invalid' };
    if (!redeemed.ok) {
      const known = redeemed.email ? await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: redeemed.email }]) : null;
      await auth.audit.record(c, 'sign-in.failure', { userId: known?.id ?? null, details: { method: 'magic-link', reason: redeemed.reason } });
      return refuse(redeemed.reason === 'expired' ? 'EXPIRED_TOKEN' : 'INVALID_TOKEN');
    }

    const found = await userFor(auth, redeemed.request);
    if (typeof found === 'string') return refuse(found);
    let { user } = found;
    if (found.isNew) await auth.audit.record(c, 'sign-up', { userId: user.id, actorId: user.id, details: { method: 'magic-link' } });
    // The link came to this address: an unverified account is adopted (account pre-hijacking).
    else user = await proveMailbox(c, user, 'magic-link');

    const target = found.isNew && query.newUserCallbackURL ? query.newUserCallbackURL : query.callbackURL;
    let done: Awaited<ReturnType<typeof completeSignIn>>;
    try {
      done = await completeSignIn(c, user, { rememberMe: true, callbackURL: target, method: 'magic-link', secondFactorDue: true });
    } catch (e) {
      if (e instanceof APIError) return refuse(e);
      throw e;
    }
    if ('intercepted' in done) {
      if (done.intercepted instanceof Response || !target) return done.intercepted;
      return landOn(c, withQuery(target, interceptionParams(done.intercepted)), 'magic-link');
    }
    if (target) return landOn(c, target, 'magic-link');
    return { token: done.token, ...auth.sessions.answer(done) };
  },
});
