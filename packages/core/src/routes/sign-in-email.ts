import type { PublicUser, SignInAnswer } from '../public-types.js';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../endpoint.js';
import { fail } from '../errors.js';
import { completeSignIn, emailVerification, isEmail, normalizeEmail, verifyCredential } from '../sign-in.js';
import type { UserRow } from '../session/types.js';

export const signInEmail = defineEndpoint({
  method: 'POST',
  path: '/sign-in/email',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ redirect: boolean; token: string; url?: string; user: PublicUser }>>(),
  body: z.object({
    email: z.string(),
    password: z.string(),
    callbackURL: z.string().optional(),
    rememberMe: z.boolean().optional().default(true),
  }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth, body } = c;
    if (!auth.options.emailAndPassword.enabled) fail('BAD_REQUEST', 'EMAIL_PASSWORD_DISABLED');
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
    const identity = `email:${email}`;
    await auth.lockout.begin(identity);

    const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
    const ok = await verifyCredential(c, user, body.password);
    if (!user || !ok) {
      await auth.lockout.fail(identity, user, c);
      await auth.audit.record(c, 'sign-in.failure', { userId: user?.id ?? null, details: { method: 'email' } });
      fail('UNAUTHORIZED', 'INVALID_EMAIL_OR_PASSWORD');
    }
    await auth.lockout.succeed(identity);

    if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
      const verification = emailVerification(auth);
      await verification?.sendVerification(user, body.callbackURL);
      fail('FORBIDDEN', 'EMAIL_NOT_VERIFIED');
    }

    const done = await completeSignIn(c, user, { rememberMe: body.rememberMe, callbackURL: body.callbackURL, method: 'password' });
    if ('intercepted' in done) return done.intercepted;
    return { redirect: !!body.callbackURL, token: done.token, url: body.callbackURL, user: auth.publicUser(done.user) };
  },
});
