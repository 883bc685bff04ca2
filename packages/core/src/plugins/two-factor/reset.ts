import type { Adapter, UserRow } from '../../kit.js';
import { ids } from './config.js';

/**
 * An admin's reset: the user's two-factor off, as `/two-factor/disable` does for themselves, in one
 * transaction: the flag, the TOTP secret and backup codes, a pending emailed code and every trusted
 * browser. Nothing is read back or kept. Their sessions stay. False when they had no two-factor.
 */
export async function resetTwoFactor(adapter: Adapter, userId: string): Promise<boolean> {
  return adapter.transaction(async (trx) => {
    const user = await trx.findOne<UserRow>('user', [{ field: 'id', value: userId }]);
    if (!user) return false;
    const secrets = await trx.count('twoFactor', [{ field: 'userId', value: userId }]);
    if (!user.twoFactorEnabled && secrets === 0) return false;
    await trx.update('user', [{ field: 'id', value: userId }], { twoFactorEnabled: false });
    await trx.delete('twoFactor', [{ field: 'userId', value: userId }]);
    await trx.delete('verification', [{ field: 'identifier', value: ids.otp(userId) }]);
    await trx.delete('verification', [{ field: 'identifier', value: ids.trust(userId) }]);
    return true;
  });
}
