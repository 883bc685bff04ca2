import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { answer, findProviderAccount, refreshAccount } from './access-token.js';

/** POST /refresh-token: refreshes the provider access token now, whatever its expiry. */
export const refreshToken = defineEndpoint({
  method: 'POST',
  path: '/refresh-token',
  requireSession: true,
  body: z.object({ providerId: z.string().min(1), accountId: z.string().min(1).optional() }),
  async handler(c) {
    const { provider, account } = await findProviderAccount(c, c.body);
    return answer(c, await refreshAccount(c, provider, account));
  },
});
