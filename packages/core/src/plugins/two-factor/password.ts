import type { AuthContext } from '../../context.js';
import { burnPasswordCheck } from '../../crypto/password.js';
import { fail } from '../../errors.js';

/** Changing two-factor settings needs the password again: a stolen session alone is not enough. */
export async function requirePassword(auth: AuthContext, userId: string, password: string): Promise<void> {
  const account = await auth.adapter.findOne<{ password?: string | null }>('account', [
    { field: 'userId', value: userId },
    { field: 'providerId', value: 'credential' },
  ]);
  let ok = false;
  if (account?.password) ok = await auth.password.verify(account.password, password);
  else await burnPasswordCheck(password);
  if (!ok) fail('BAD_REQUEST', 'INVALID_PASSWORD');
}
