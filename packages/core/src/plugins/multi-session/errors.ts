import { defineErrors, errorsOf } from '../../kit.js';

/** The multi-session plugin's refusals (the code and words of better-auth's multi-session plugin). */
export const MULTI_SESSION_ERRORS = defineErrors({
  INVALID_SESSION_TOKEN: 'Invalid session token',
});

export const multiSessionError = errorsOf(MULTI_SESSION_ERRORS);
