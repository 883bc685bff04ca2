import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { dropToken } from '../domain-verification.js';
import { requireManagedProvider } from '../store.js';

/** POST /sso/delete-provider {providerId} (signed in, managing it): the connection, its pending domain token and its account links go; the users it made stay. */
export const deleteProvider = defineEndpoint({
  method: 'POST',
  path: '/sso/delete-provider',
  requireSession: true,
  body: z.object({ providerId: z.string().min(1).max(128) }),
  async handler(c) {
    const { auth } = c;
    const provider = await requireManagedProvider(c, c.body.providerId);
    await auth.adapter.transaction(async (trx) => {
      await trx.delete('ssoProvider', [{ field: 'id', value: provider.id }]);
      // The links go with it: a provider registered later under the same id must not inherit these users.
      await trx.delete('account', [{ field: 'providerId', value: provider.providerId }]);
      await dropToken(trx, auth, provider.providerId);
    });
    const userId = c.session.user.id;
    await auth.audit.record(c, 'sso.connection.delete', {
      userId,
      actorId: userId,
      details: { providerId: provider.providerId, organizationId: provider.organizationId },
    });
    return { success: true };
  },
});
