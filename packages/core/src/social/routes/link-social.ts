import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { requireProvider } from '../service.js';
import { createState } from '../state.js';
import { scopeList } from './sign-in-social.js';

/**
 * POST /link-social: starts the redirect flow for the signed-in user; the
 * state carries {email, userId}, and the callback links instead of signing in.
 */
export const linkSocial = defineEndpoint({
  method: 'POST',
  path: '/link-social',
  requireSession: true,
  requirePerson: true,
  body: z.object({
    provider: z.string().min(1),
    callbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
    scopes: scopeList.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  redirectFields: ['callbackURL', 'errorCallbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const user = c.session.user;
    const provider = requireProvider(auth, body.provider);
    const linked = await auth.adapter.findOne('account', [
      { field: 'userId', value: user.id },
      { field: 'providerId', value: provider.id },
    ]);
    if (linked) fail('BAD_REQUEST', 'SOCIAL_ACCOUNT_ALREADY_LINKED');
    const { state, codeVerifier } = await createState(auth, {
      callbackURL: body.callbackURL ?? auth.baseURL,
      errorURL: body.errorCallbackURL ?? auth.url('/error'),
      providerId: provider.id,
      link: { email: user.email, userId: user.id },
      scopes: body.scopes?.length ? body.scopes : undefined,
    });
    return { url: provider.authorizationURL({ state, codeVerifier, scopes: body.scopes }), redirect: !body.disableRedirect };
  },
});
