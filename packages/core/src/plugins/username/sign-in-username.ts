import {
  answerOf,
  completeSignIn,
  defineEndpoint,
  emailVerification,
  fail,
  type PublicUser,
  type SignInAnswer,
  type UserRow,
  verifyCredential,
} from '../../kit.js';
import { z } from 'zod';
import { usernameError } from './errors.js';
import { checkUsername, usernameConfig } from './rules.js';

export const signInUsername = defineEndpoint({
  method: 'POST',
  path: '/sign-in/username',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ redirect: boolean; token: string; url?: string; user: PublicUser }>>(),
  body: z.object({
    username: z.string(),
    password: z.string(),
    rememberMe: z.boolean().optional().default(true),
    callbackURL: z.string().optional(),
  }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, body } = c;
    // A username is another name for the same password credential.
    if (!auth.options.emailAndPassword.enabled) fail('BAD_REQUEST', 'EMAIL_PASSWORD_DISABLED');
    // A username outside the rules is 422 with its own message (spec section 8), before any
    // look-up: it tells nothing about who has an account, since no account can have it.
    const username = checkUsername(usernameConfig.get(auth), body.username);
    const identity = `username:${username}`;
    await auth.lockout.begin(identity);
    const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'username', value: username }]);
    const ok = await verifyCredential(c, user, body.password);
    if (!user || !ok) {
      await auth.lockout.fail(identity, user, c);
      await auth.audit.record(c, 'sign-in.failure', { userId: user?.id ?? null, details: { method: 'username' } });
      throw usernameError('UNAUTHORIZED', 'INVALID_USERNAME_OR_PASSWORD');
    }
    await auth.lockout.succeed(identity);

    if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
      const verification = emailVerification(auth);
      await verification?.sendVerification(user, body.callbackURL);
      throw usernameError('FORBIDDEN', 'EMAIL_NOT_VERIFIED');
    }

    const done = await completeSignIn(c, user, { rememberMe: body.rememberMe, callbackURL: body.callbackURL, method: 'password' });
    if ('intercepted' in done) return done.intercepted;
    return { redirect: !!body.callbackURL, token: done.token, url: body.callbackURL, user: auth.publicUser(done.user) };
  },
});
