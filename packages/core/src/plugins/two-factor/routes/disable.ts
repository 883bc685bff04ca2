import { z } from 'zod';
import { defineEndpoint, type UserRow } from '../../../kit.js';
import { ids } from '../config.js';
import { requirePassword } from '../password.js';
import { refreshSessionCache } from '../session-cache.js';
import { revokeTrustedDevices } from '../trust.js';

export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/two-factor/disable',
  changesSession: true,
  body: z.object({ password: z.string() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    await requirePassword(c, userId, c.body.password);
    // The flag first: should the rest fail, sign-in simply stops asking (never a lock-out).
    const user = await auth.adapter.update<UserRow>('user', [{ field: 'id', value: userId }], { twoFactorEnabled: false });
    await auth.adapter.delete('twoFactor', [{ field: 'userId', value: userId }]);
    await auth.adapter.delete('verification', [{ field: 'identifier', value: ids.otp(userId) }]);
    await revokeTrustedDevices(auth, userId, c);
    if (user) refreshSessionCache(c, user);
    await auth.audit.record(c, 'two-factor.disable', { userId: c.session.user.id });
    return { status: true };
  },
});
