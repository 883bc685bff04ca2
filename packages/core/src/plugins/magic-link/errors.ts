import { defineErrors, errorsOf } from '../../kit.js';

/**
 * The magic-link plugin's refusals, for a verify call that names no landing (JSON; an unknown
 * or used link is the core's INVALID_TOKEN). A link that names one lands there with `?error=`
 * instead (routes/verify.ts).
 */
export const MAGIC_LINK_ERRORS = defineErrors({
  EXPIRED_TOKEN: 'Token expired',
  NEW_USER_SIGNUP_DISABLED: 'Sign-up by link is disabled',
});

export const magicLinkError = errorsOf(MAGIC_LINK_ERRORS);
