import type { PublicUser } from '../public-types.js';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../endpoint.js';
import { APIError, BASE_ERRORS, fail } from '../errors.js';
import { emailVerification, isEmail, normalizeEmail } from '../sign-in.js';
import type { UserRow } from '../session/types.js';
import { parseUserInput } from '../user-fields.js';

export const signUpEmail = defineEndpoint({
  method: 'POST',
  path: '/sign-up/email',
  changesSession: true,
  answer: answerOf<{ token: string | null; user: PublicUser }>(),
  body: z.looseObject({
    name: z.string(),
    email: z.string(),
    password: z.string(),
    image: z.string().nullish(),
    callbackURL: z.string().optional(),
    rememberMe: z.boolean().optional(),
  }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const opts = auth.options.emailAndPassword;
    if (!opts.enabled || opts.disableSignUp) fail('BAD_REQUEST', 'EMAIL_PASSWORD_SIGN_UP_DISABLED');
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
    await auth.password.check(body.password, { userId: null });
    const fields = parseUserInput(auth, body, 'create');
    // The language of the person's mails: the one the body names, else their request's (none stored without either).
    const acceptLanguage = c.headers.get('accept-language');
    if (fields.locale === undefined && acceptLanguage) fields.locale = auth.i18n.negotiate(acceptLanguage);

    if (await auth.adapter.findOne('user', [{ field: 'email', value: email }])) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');
    // Hash before the transaction: scrypt must never hold a database lock.
    const hash = await auth.password.hash(body.password, c);
    let user: UserRow | null;
    try {
      user = await auth.adapter.transaction(async (trx) => {
        const created = await trx.create<UserRow>('user', { ...fields, email, emailVerified: false });
        if (!created) return null;
        await trx.create('account', { userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
        return created;
      });
    } catch (e) {
      if (e instanceof APIError) throw e;
      if (auth.database.caps.isUniqueViolation(e)) fail('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS');
      throw e;
    }
    if (!user) throw new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
    await auth.audit.record(c, 'sign-up', { userId: user.id, actorId: user.id });

    const verification = emailVerification(auth);
    if (verification && (opts.requireEmailVerification || auth.options.emailVerification.sendOnSignUp)) {
      // The account exists either way; a mail that fails now can be asked for again
      // (send-verification-email, or the next sign-in re-sends it).
      await verification.sendVerification(user, body.callbackURL).catch((e: unknown) => {
        auth.logger.warn({ err: String(e), userId: user.id }, 'verification mail on sign-up failed');
      });
    }
    if (!opts.autoSignIn || opts.requireEmailVerification) return { token: null, user: auth.publicUser(user) };

    const dontRemember = body.rememberMe === false;
    const { session, token } = await auth.sessions.create(c, user.id, { dontRemember });
    auth.sessions.setCookies(c, { session, user, token }, dontRemember);
    return { token, user: auth.publicUser(user) };
  },
});
