import { defineErrors, errorsOf } from '../../kit.js';

/** Spec section 8 (two-factor, 401) word for word, plus the states the spec leaves unnamed. */
export const TWO_FACTOR_ERRORS = defineErrors({
  INVALID_TWO_FACTOR_COOKIE: 'invalid two factor cookie',
  INVALID_TWO_FACTOR_AUTHENTICATION: 'invalid two factor authentication',
  TOTP_NOT_ENABLED: 'TOTP not enabled',
  TWO_FACTOR_NOT_ENABLED: "Two factor isn't enabled",
});

export const twoFactorError = errorsOf(TWO_FACTOR_ERRORS);
