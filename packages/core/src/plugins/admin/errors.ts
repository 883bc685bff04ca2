import { defineErrors, errorsOf } from '../../kit.js';

/** The admin catalogue: spec section 8 (base/admin, impersonation) and CONTRACT.md (banned user). */
export const ADMIN_ERRORS = defineErrors({
  ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Only admins can access this endpoint',
  YOU_CANNOT_BAN_YOURSELF: 'You cannot ban yourself',
  BANNED_USER: 'You have been banned from this application',
  YOU_ARE_NOT_IMPERSONATING_ANYONE: 'You are not impersonating anyone',
  FAILED_TO_FIND_ADMIN_SESSION: 'Failed to find admin session',
  FAILED_TO_FIND_USER: 'Failed to find user',
  // Not in the spec's list: the refusal when allowImpersonatingAdmins is off.
  YOU_CANNOT_IMPERSONATE_ADMINS: 'You cannot impersonate admins',
  // The two-factor plugin's code and words: a reset of someone with no two-factor (or with the plugin off).
  TWO_FACTOR_NOT_ENABLED: "Two factor isn't enabled",
});

export const adminError = errorsOf(ADMIN_ERRORS);
