import { defineEndpoint } from '../../endpoint.js';
import type { AccountRow } from '../accounts.js';

/** GET /list-accounts: the caller's accounts, password and social, without any secret. */
export const listAccounts = defineEndpoint({
  method: 'GET',
  path: '/list-accounts',
  requireSession: true,
  async handler(c) {
    const rows = await c.auth.adapter.findMany<AccountRow>('account', {
      where: [{ field: 'userId', value: c.session.user.id }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    });
    return rows.map((a) => ({
      id: a.id,
      // `provider` is the spec's name, `providerId` what existing clients read (CONTRACT.md).
      provider: a.providerId,
      providerId: a.providerId,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      accountId: a.accountId,
      scopes: a.scope ? a.scope.split(',').filter(Boolean) : [],
    }));
  },
});
