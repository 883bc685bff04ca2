import { defineErrors } from '../errors.js';

/** The account plugin's own codes; everything else it throws is in BASE_ERRORS. */
export const ACCOUNT_ERRORS = defineErrors({
  TOKEN_EXPIRED: 'Token expired',
  FAILED_TO_DELETE_USER: 'Failed to delete user',
});
