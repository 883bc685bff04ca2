import type { PublicUser, SignInAnswer } from '../../public-types.js';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { idTokenSignIn } from '../id-token.js';
import { requireProvider } from '../service.js';
import { createState } from '../state.js';

/** RFC 6749 3.3 scope-token characters: nothing that could split or smuggle a parameter. */
export const scopeList = z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'Invalid scope')).max(50);

/**
 * POST /sign-in/social: starts the redirect flow ({url, redirect}), or with
 * `idToken` signs in at once from a token the client got from the provider.
 */
export const signInSocial = defineEndpoint({
  method: 'POST',
  path: '/sign-in/social',
  changesSession: true,
  answer: answerOf<SignInAnswer<{ url: string; redirect: boolean } | { redirect: false; token: string; url?: undefined; user: PublicUser }>>(),
  body: z.object({
    provider: z.string().min(1),
    callbackURL: z.string().optional(),
    newUserCallbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
    disableRedirect: z.boolean().optional(),
    scopes: scopeList.optional(),
    requestSignUp: z.boolean().optional(),
    idToken: z
      .object({
        token: z.string().min(1),
        nonce: z.string().optional(),
        accessToken: z.string().optional(),
        refreshToken: z.string().optional(),
        expiresAt: z.union([z.number(), z.string()]).optional(),
        // Apple: the name a native app received on the first sign-in.
        user: z
          .object({ name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(), email: z.string().optional() })
          .optional(),
      })
      .optional(),
  }),
  redirectFields: ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const provider = requireProvider(auth, body.provider);
    if (body.idToken) return idTokenSignIn(c, provider, body.idToken, body.requestSignUp);
    if (!body.callbackURL) fail('BAD_REQUEST', 'CALLBACK_URL_REQUIRED');
    const { state, codeVerifier } = await createState(auth, {
      callbackURL: body.callbackURL,
      errorURL: body.errorCallbackURL ?? auth.url('/error'),
      newUserURL: body.newUserCallbackURL,
      providerId: provider.id,
      requestSignUp: body.requestSignUp,
      scopes: body.scopes?.length ? body.scopes : undefined,
    });
    const url = provider.authorizationURL({ state, codeVerifier, scopes: body.scopes });
    return { url, redirect: !body.disableRedirect };
  },
});
