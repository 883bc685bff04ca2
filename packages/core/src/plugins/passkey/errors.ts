import { defineErrors, errorsOf } from '../../kit.js';

/** The passkey plugin's refusals (codes as better-auth's passkey plugin names them, where it has one). */
export const PASSKEY_ERRORS = defineErrors({
  CHALLENGE_NOT_FOUND: 'Challenge not found',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'You are not allowed to register this passkey',
  FAILED_TO_VERIFY_REGISTRATION: 'Failed to verify registration',
  PASSKEY_ALREADY_REGISTERED: 'This passkey is already registered',
  PASSKEY_NOT_FOUND: 'Passkey not found',
  AUTHENTICATION_FAILED: 'Authentication failed',
  // The two-factor plugin's word (spec section 8) for "no sign-in waits here", when that plugin is off.
  INVALID_TWO_FACTOR_COOKIE: 'invalid two factor cookie',
  CANNOT_DELETE_LAST_PASSKEY: "You can't delete your last passkey: it is your only way to sign in",
});

export const passkeyError = errorsOf(PASSKEY_ERRORS);
