import { type EndpointContext, fail, findCredential } from '../../kit.js';

/**
 * Changing two-factor settings needs the password again: a stolen session alone is not enough.
 * The spec's credential check (section 5): 'No password credential found' without a password
 * login, 'Invalid password' on a mismatch. The caller is signed in, so telling the two apart
 * reveals nothing they do not know.
 */
export async function requirePassword(c: EndpointContext, userId: string, password: string): Promise<void> {
  const { auth } = c;
  const account = await findCredential(auth.adapter, userId);
  if (!account?.password) fail('BAD_REQUEST', 'NO_PASSWORD_CREDENTIAL_FOUND');
  if (!(await auth.password.verify(account.password, password, c))) fail('BAD_REQUEST', 'INVALID_PASSWORD');
}
