import { i18n } from '../i18n';
import { appURL } from './redirect';

/** Where the app's magic links land: `/magic-link` (signed in, or the second factor), `/magic-link/error`. */
export const LANDING = '/magic-link';
export const ERROR_LANDING = '/magic-link/error';

/**
 * The landings the app names when it asks for a link: the signed-in page (with `new=1` for an
 * account the link created), the error page, and the page to continue to (`redirect`), kept
 * only when it is not the default.
 */
export function magicLinkLandings(redirect: string, fallback = '/account') {
  const keep = redirect !== fallback ? `redirect=${encodeURIComponent(redirect)}` : '';
  return {
    callbackURL: appURL(keep ? `${LANDING}?${keep}` : LANDING),
    newUserCallbackURL: appURL(`${LANDING}?new=1${keep ? `&${keep}` : ''}`),
    errorCallbackURL: appURL(ERROR_LANDING),
  };
}

/** The `?error=` codes of a failed link that have their own title and words (auth.json `magicLink.failures`). */
const EXPLAINED = ['EXPIRED_TOKEN', 'INVALID_TOKEN', 'new_user_signup_disabled', 'failed_to_create_user', 'BANNED_USER'] as const;

/** What a failed link's `?error=` means, in words, with a title for the page, in the app's language. */
export function explainMagicLinkFailure(code: string): { title: string; text: string } {
  const key = (EXPLAINED as readonly string[]).includes(code) ? (code as (typeof EXPLAINED)[number]) : 'unknown';
  return {
    title: i18n.t(`magicLink.failures.${key}.title`, { ns: 'auth' }),
    text: i18n.t(`magicLink.failures.${key}.text`, { ns: 'auth' }),
  };
}

/** Whether asking for a new link can help (it cannot for a ban or a refused sign-up). */
export function newLinkHelps(code: string): boolean {
  return code !== 'BANNED_USER' && code !== 'new_user_signup_disabled';
}
