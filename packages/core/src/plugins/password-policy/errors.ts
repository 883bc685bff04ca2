import { defineErrors, errorsOf } from '../../kit.js';

/** The password policy's refusal (PASSWORD_TOO_SHORT and PASSWORD_TOO_LONG are the base catalogue's). */
export const PASSWORD_POLICY_ERRORS = defineErrors({
  PASSWORD_COMPROMISED: 'This password is too common or has appeared in a data breach. Please choose a different password.',
});

export const passwordPolicyError = errorsOf(PASSWORD_POLICY_ERRORS);
