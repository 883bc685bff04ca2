import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { generateBackupCodes, sealBackupCodes } from '../backup-codes.js';
import { twoFactorError } from '../errors.js';
import { requirePassword } from '../password.js';
import { findTwoFactor } from '../store.js';

/** Ten new backup codes; the old ones stop working. */
export const generateBackupCodesRoute = defineEndpoint({
  method: 'POST',
  path: '/two-factor/generate-backup-codes',
  body: z.object({ password: z.string() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    await requirePassword(c, userId, c.body.password);
    const row = await findTwoFactor(auth, userId);
    if (!row) throw twoFactorError('BAD_REQUEST', 'TWO_FACTOR_NOT_ENABLED');
    const backupCodes = generateBackupCodes();
    await auth.adapter.update('twoFactor', [{ field: 'id', value: row.id }], { backupCodes: sealBackupCodes(auth, backupCodes) });
    return { status: true, backupCodes };
  },
});
