import { z } from 'zod';
import {
  APIError,
  type AuthContext,
  BASE_ERRORS,
  defineEndpoint,
  deliverInBackground,
  fail,
  hashToken,
  isEmail,
  normalizeEmail,
  type UserRow,
  withQuery,
} from '../../../kit.js';
import { magicLinkConfig } from '../config.js';
import { mailLink } from '../mail.js';
import { issueLink } from '../token.js';

const body = z.object({
  email: z.string(),
  name: z.string().max(255).optional(),
  callbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
});

/**
 * Counts one link for this address, known or not (so the count says nothing about accounts):
 * a 429 past `perAddress.max` per window, whoever asks, so nobody can flood a mailbox.
 */
async function countAddress(auth: AuthContext, email: string): Promise<void> {
  const { window, max } = magicLinkConfig(auth).perAddress;
  const now = auth.now();
  const count = await auth.rateStore.hit(`magic-link-address|${hashToken(email)}`, window * 1000, now);
  if (count.count <= max) return;
  const retry = String(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
  throw new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', BASE_ERRORS.TOO_MANY_REQUESTS, { 'Retry-After': retry, 'X-Retry-After': retry });
}

/**
 * POST /sign-in/magic-link {email, name?, callbackURL?, newUserCallbackURL?, errorCallbackURL?}:
 * mails a single-use sign-in link. Answers `{ status: true }` at once for every well-formed
 * address: whether it has an account, whether a mail goes out and how delivery goes are all
 * decided after the answer (deliverInBackground), so neither the answer nor its timing tells.
 * With `disableSignUp`, an address without an account gets no mail.
 */
export const signInMagicLink = defineEndpoint({
  method: 'POST',
  path: '/sign-in/magic-link',
  body,
  redirectFields: ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL'],
  async handler(c) {
    const { auth, body } = c;
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
    await countAddress(auth, email);
    const config = magicLinkConfig(auth);
    const acceptLanguage = c.headers.get('accept-language');
    let rowId: string | undefined;
    deliverInBackground(
      auth,
      async () => {
        const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
        if (!user && config.disableSignUp) return;
        const name = body.name?.trim();
        const issued = await issueLink(auth, { email, ...(name ? { name } : {}) }, config.expiresIn);
        rowId = issued.rowId;
        // Always with a landing (`/` when none was given): the link leads to a page.
        const params: Record<string, string> = { token: issued.token, callbackURL: body.callbackURL || '/' };
        if (body.newUserCallbackURL) params.newUserCallbackURL = body.newUserCallbackURL;
        if (body.errorCallbackURL) params.errorCallbackURL = body.errorCallbackURL;
        await mailLink(auth, email, user, withQuery(auth.url('/magic-link/verify'), params), issued.token, acceptLanguage);
      },
      async () => {
        // A link nobody received must not stay usable.
        if (rowId) await auth.adapter.delete('verification', [{ field: 'id', value: rowId }]);
      },
    );
    return { status: true };
  },
});
