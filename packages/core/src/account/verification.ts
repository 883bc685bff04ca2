import type { AuthContext } from '../context.js';
import type { Row } from '../db/types.js';
import { DEFAULT_LINK_TARGET } from './link-landing.js';
import { accountMails } from './mail-templates.js';
import { signEmailToken, withQuery } from './tokens.js';

/**
 * The /verify-email link for a token. It always names a landing (`/` when the caller gave
 * none), so following it leads to a page; a link without one answers JSON.
 */
export function verifyEmailURL(auth: AuthContext, token: string, callbackURL?: string): string {
  return withQuery(auth.url('/verify-email'), { token, callbackURL: callbackURL || DEFAULT_LINK_TARGET });
}

/**
 * Mails a verification link for the user's current address. Published as
 * `auth.extensions.emailVerification.sendVerification`, which the core's sign-up and
 * sign-in (and other plugins' sign-ins) call; throws 503 MAIL_DELIVERY_FAILED when
 * the mail cannot go out. Nothing is stored: the link is a signed, expiring JWT.
 */
export async function sendVerification(auth: AuthContext, user: Row, callbackURL?: string): Promise<void> {
  const email = String(user.email).toLowerCase();
  const token = await signEmailToken(auth, { email });
  await accountMails.verification(auth, user, email, verifyEmailURL(auth, token, callbackURL), token);
}

/** The service other modules find under `auth.extensions.emailVerification` (declared in the core). */
export type { EmailVerificationService } from '../sign-in.js';
