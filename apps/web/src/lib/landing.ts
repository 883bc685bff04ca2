import type { LinkKind } from './link-notice';

/** The codes /verify-email puts in its redirect (spec section 8). */
const VERIFY_ERRORS = ['token_expired', 'invalid_token', 'user_not_found', 'unauthorized', 'couldnt_update_your_email'];

/**
 * Where a mailed link that landed on `/` belongs (mails name `/` when the call that sent
 * them gave no callbackURL): the page made for that link, with the same query, or null
 * when `/` was not reached from a link.
 * - the notice cookie names a sign-in link (magic link): its landing or its error page;
 * - `?token=` only comes from a reset link; `?error=INVALID_TOKEN` (upper case) too.
 * - the notice cookie names the verify / change-email / delete-account link;
 * - without it, the verification codes go to the verification page, any other code to /error.
 */
export function landingPage(params: URLSearchParams, notice: LinkKind | null): string | null {
  const token = params.get('token');
  const error = params.get('error');
  if (notice === 'magic-link') {
    if (error) return `/magic-link/error?${new URLSearchParams({ error })}`;
    return params.get('twoFactorRedirect') === 'true' ? '/magic-link?twoFactorRedirect=true' : '/magic-link';
  }
  if (token) return `/reset-password?${new URLSearchParams({ token })}`;
  if (error === 'INVALID_TOKEN') return `/reset-password?${new URLSearchParams({ error })}`;
  const query = error ? `?${new URLSearchParams({ error })}` : '';
  if (notice === 'delete-account') return `/account-deleted${query}`;
  if (notice) return `/verify-email${query}`;
  if (!error) return null;
  return VERIFY_ERRORS.includes(error) ? `/verify-email${query}` : `/error${query}`;
}
