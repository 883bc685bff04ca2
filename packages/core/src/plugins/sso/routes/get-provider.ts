import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { providerItem, requireManagedProvider } from '../store.js';

/** GET /sso/get-provider?providerId= (signed in, managing it): the provider as the list shows it. */
export const getProvider = defineEndpoint({
  method: 'GET',
  path: '/sso/get-provider',
  requireSession: true,
  query: z.object({ providerId: z.string().min(1).max(128) }),
  async handler(c) {
    return providerItem(c.auth, await requireManagedProvider(c, c.query.providerId));
  },
});
