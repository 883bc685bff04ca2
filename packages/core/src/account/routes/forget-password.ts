import { z } from 'zod';
import { randomString } from '../../crypto/random.js';
import { defineEndpoint, type EndpointContext } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { UserRow } from '../../session/types.js';
import { isEmail, normalizeEmail } from '../../sign-in.js';
import { deliverInBackground } from '../../mail/deliver.js';
import { DEFAULT_LINK_TARGET } from '../link-landing.js';
import { accountMails } from '../mail-templates.js';
import { storeVerification, withQuery } from '../tokens.js';

export const RESET_TOKEN_LENGTH = 24;
export const resetIdentifier = (token: string) => `reset-password:${token}`;

const body = z.object({ email: z.string(), redirectTo: z.string().optional() });
type Body = z.infer<typeof body>;

/**
 * Mails a one-time reset link. Always answers `{status: true}`, for unknown
 * addresses too, before any mail is sent, so neither the answer nor its timing
 * tells which addresses have accounts.
 */
async function requestReset(c: EndpointContext<Body, unknown>) {
  const { auth, body } = c;
  if (!auth.options.emailAndPassword.enabled) fail('BAD_REQUEST', 'RESET_PASSWORD_DISABLED');
  const email = normalizeEmail(body.email);
  if (!isEmail(email)) fail('BAD_REQUEST', 'INVALID_EMAIL');
  const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]);
  // Everything else happens after the answer: a known address must not answer later,
  // or differently, than an unknown one. No orphan token: a link nobody received
  // must not stay usable.
  if (user) {
    let rowId: string | undefined;
    deliverInBackground(
      auth,
      async () => {
        const token = randomString(RESET_TOKEN_LENGTH);
        rowId = await storeVerification(auth, resetIdentifier(token), user.id, auth.options.emailAndPassword.resetPasswordTokenExpiresIn);
        // Always with a landing (`/` when none was given): the link leads to a page.
        const url = withQuery(auth.url(`/reset-password/${token}`), { callbackURL: body.redirectTo || DEFAULT_LINK_TARGET });
        await accountMails.resetPassword(auth, user, url, token);
      },
      async () => {
        if (rowId) await auth.adapter.delete('verification', [{ field: 'id', value: rowId }]);
      },
    );
  }
  return { status: true };
}

/** POST /forget-password {email, redirectTo?} (spec section 7). */
export const forgetPassword = defineEndpoint({
  method: 'POST',
  path: '/forget-password',
  body,
  redirectFields: ['redirectTo'],
  handler: requestReset,
});

/** POST /request-password-reset: the alias existing clients call (CONTRACT.md). */
export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/request-password-reset',
  body,
  redirectFields: ['redirectTo'],
  handler: requestReset,
});
