import type { EndpointContext } from '../endpoint.js';
import type { AuthContext } from '../context.js';
import type { Adapter } from '../db/adapter.js';
import { APIError } from '../errors.js';
import type { UserRow } from '../session/types.js';
import { ACCOUNT_ERRORS } from './errors.js';
import { consumeVerification } from './tokens.js';

export const DELETE_TOKEN_LENGTH = 32;
/** Spec section 9: the emailed delete-account token lasts 24 hours. */
export const DELETE_TOKEN_EXPIRES_IN = 86400;
export const deleteIdentifier = (token: string) => `delete-account-${token}`;

/** Everything of the user's that the core knows of; other tables go by their foreign keys' cascade. */
async function removeUserRows(trx: Adapter, userId: string): Promise<void> {
  await trx.delete('session', [{ field: 'userId', value: userId }]);
  await trx.delete('account', [{ field: 'userId', value: userId }]);
  // Reset-password and delete-account tokens keep the user id as their value.
  await trx.delete('verification', [{ field: 'value', value: userId }]);
  const n = await trx.delete('user', [{ field: 'id', value: userId }]);
  // A database hook kept the user: undo the rest rather than leave a user without sessions or logins.
  if (n !== 1) throw new APIError('BAD_REQUEST', 'FAILED_TO_DELETE_USER', ACCOUNT_ERRORS.FAILED_TO_DELETE_USER);
}

/**
 * Deletes a user with its sessions, accounts and verification tokens in one
 * transaction, between the `beforeDelete` and `afterDelete` options. With `token`
 * the delete-account token is used up in the same transaction: false when it is
 * unknown, expired, already used, or someone else's.
 */
export async function deleteUserNow(auth: AuthContext, user: UserRow, token?: string, c?: EndpointContext): Promise<boolean> {
  const opts = auth.options.user.deleteUser;
  await opts.beforeDelete?.(user);
  const done = await auth.adapter.transaction(async (trx) => {
    if (token === undefined) {
      await removeUserRows(trx, user.id);
      return true;
    }
    const used = await consumeVerification(auth, trx, deleteIdentifier(token), async (userId) => {
      if (userId !== user.id) return false;
      await removeUserRows(trx, user.id);
      return true;
    });
    return used.ok && used.result;
  });
  if (done) {
    await auth.audit.record(c ?? null, 'user.delete', { userId: user.id, actorId: user.id, details: { email: user.email } });
    await opts.afterDelete?.(user);
  }
  return done;
}
