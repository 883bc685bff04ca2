import type { Adapter, AdoptionStep } from '../../kit.js';
import { ids } from './config.js';

/**
 * An adopted account (security/adoption.ts) has no second factor left: a TOTP secret and backup
 * codes set up while the address was unproven may be the squatter's (they would also stop the
 * owner at the second step), and so may every trusted browser. The person enrols again.
 */
export async function removeSecondFactorOnAdoption(trx: Adapter, userId: string): Promise<AdoptionStep> {
  const totp = await trx.delete('twoFactor', [{ field: 'userId', value: userId }]);
  const trustedDevices = await trx.delete('verification', [{ field: 'identifier', value: ids.trust(userId) }]);
  await trx.update('user', [{ field: 'id', value: userId }], { twoFactorEnabled: false });
  return { removed: { twoFactor: totp, trustedDevices } };
}
