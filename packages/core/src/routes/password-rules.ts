import type { AuthContext } from '../context.js';
import { fail } from '../errors.js';

/** Length bounds from the options (default 8..128); never truncates. */
export function checkPasswordLength(auth: AuthContext, password: string): void {
  const { minPasswordLength, maxPasswordLength } = auth.options.emailAndPassword;
  if (password.length < minPasswordLength) fail('BAD_REQUEST', 'PASSWORD_TOO_SHORT');
  if (password.length > maxPasswordLength) fail('BAD_REQUEST', 'PASSWORD_TOO_LONG');
}
