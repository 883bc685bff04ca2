import { z } from 'zod';
import { type AuthContext, defineEndpoint } from '../../../kit.js';
import { passkeyError } from '../errors.js';
import { findOwnPasskey } from '../store.js';

/** True when the user can sign in without passkeys: a password, or a social account. */
async function hasOtherSignIn(auth: AuthContext, userId: string): Promise<boolean> {
  const accounts = await auth.adapter.findMany<{ providerId: string; password?: string | null }>('account', {
    where: [{ field: 'userId', value: userId }],
  });
  return accounts.some((a) => a.providerId !== 'credential' || !!a.password);
}

/**
 * POST /passkey/delete-passkey {id} (signed in): removes one of the caller's passkeys. The last
 * one of a user with no password and no social account is kept (they could not sign in again),
 * as unlinking the last account is refused. Answers `{ status: true }`.
 */
export const deletePasskey = defineEndpoint({
  method: 'POST',
  path: '/passkey/delete-passkey',
  requireSession: true,
  requirePerson: true,
  body: z.object({ id: z.string().min(1) }),
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    const own = await findOwnPasskey(auth, userId, c.body.id);
    if (!own) throw passkeyError('NOT_FOUND', 'PASSKEY_NOT_FOUND');
    const count = await auth.adapter.count('passkey', [{ field: 'userId', value: userId }]);
    if (count <= 1 && !(await hasOtherSignIn(auth, userId))) throw passkeyError('BAD_REQUEST', 'CANNOT_DELETE_LAST_PASSKEY');
    await auth.adapter.delete('passkey', [{ field: 'id', value: own.id }]);
    await auth.audit.record(c, 'passkey.delete', { userId, details: { passkeyId: own.id } });
    return { status: true };
  },
});
