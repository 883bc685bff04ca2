import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { fail } from '../../errors.js';
import type { AccountRow } from '../accounts.js';

/**
 * POST /unlink-account {providerId, accountId?} or {accountId} (CONTRACT.md); `accountId` may be
 * the provider's account id or the `id` of the `/list-accounts` item.
 * Needs a fresh session; the last account is never removed (the user could not sign in again).
 */
export const unlinkAccount = defineEndpoint({
  method: 'POST',
  path: '/unlink-account',
  requireSession: 'fresh',
  requirePerson: true,
  body: z
    .object({ providerId: z.string().min(1).optional(), accountId: z.string().min(1).optional() })
    .refine((b) => b.providerId !== undefined || b.accountId !== undefined, { message: 'providerId is required', path: ['providerId'] }),
  async handler(c) {
    const { auth, body } = c;
    const accounts = await auth.adapter.findMany<AccountRow>('account', { where: [{ field: 'userId', value: c.session.user.id }] });
    if (accounts.length === 1) fail('BAD_REQUEST', 'FAILED_TO_UNLINK_LAST_ACCOUNT');
    const ofProvider = accounts.filter((a) => body.providerId === undefined || a.providerId === body.providerId);
    // `accountId` is the provider's account id, or the row's own id as `/list-accounts` gives
    // it (what better-auth's client sends); the provider's id is looked for first.
    const target =
      body.accountId === undefined
        ? ofProvider[0]
        : (ofProvider.find((a) => a.accountId === body.accountId) ?? ofProvider.find((a) => a.id === body.accountId));
    if (!target) fail('BAD_REQUEST', 'ACCOUNT_NOT_FOUND');
    await auth.adapter.delete('account', [{ field: 'id', value: target.id }]);
    await auth.audit.record(c, 'account.unlink', { userId: c.session.user.id, details: { providerId: target.providerId } });
    return { status: true };
  },
});
