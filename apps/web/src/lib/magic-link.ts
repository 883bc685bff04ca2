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

/** What each `?error=` of a failed link means, in words, with a title for the page. */
const FAILURES: Record<string, { title: string; text: string }> = {
  EXPIRED_TOKEN: {
    title: 'This sign-in link has expired',
    text: 'Sign-in links work for a few minutes only, for your safety. Ask for a new one below and open it soon.',
  },
  INVALID_TOKEN: {
    title: 'This sign-in link has already been used',
    text: 'Each sign-in link works once. This one was used already, or it was cut short when it was copied. Ask for a new one below.',
  },
  new_user_signup_disabled: {
    title: 'No account for this address',
    text: 'There is no account for this email address, and new accounts cannot be created with a sign-in link here. Sign up first, or use the address of your account.',
  },
  failed_to_create_user: {
    title: 'Your account could not be created',
    text: 'Something went wrong while creating your account. Please try again in a moment.',
  },
  BANNED_USER: {
    title: 'You cannot sign in',
    text: 'You have been banned from this application.',
  },
};

export function explainMagicLinkFailure(code: string): { title: string; text: string } {
  return (
    FAILURES[code] ?? {
      title: 'This sign-in link did not work',
      text: 'The link could not be used to sign you in. Ask for a new one below.',
    }
  );
}

/** Whether asking for a new link can help (it cannot for a ban or a refused sign-up). */
export function newLinkHelps(code: string): boolean {
  return code !== 'BANNED_USER' && code !== 'new_user_signup_disabled';
}
