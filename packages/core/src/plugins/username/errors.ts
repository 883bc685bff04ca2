import { defineErrors, errorsOf } from '../../kit.js';

/** The username catalogue: messages word for word from spec section 8 (and the brief for sign-in). */
export const USERNAME_ERRORS = defineErrors({
  USERNAME_TOO_SHORT: 'username is too short',
  USERNAME_TOO_LONG: 'username is too long',
  INVALID_USERNAME: 'username is invalid',
  USERNAME_IS_ALREADY_TAKEN: 'username is already taken. please try another.',
  INVALID_USERNAME_OR_PASSWORD: 'invalid username or password',
  EMAIL_NOT_VERIFIED: 'email not verified',
});

export const usernameError = errorsOf(USERNAME_ERRORS);
