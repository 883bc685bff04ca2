import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { APIError } from '../../errors.js';
import { socialError } from '../service.js';
import { answer, EXPIRY_MARGIN_MS, findProviderAccount, refreshAccount } from './access-token.js';

/** POST /get-access-token: the provider access token, refreshed first when it has expired. */
export const getAccessToken = defineEndpoint({
  method: 'POST',
  path: '/get-access-token',
  requireSession: true,
  body: z.object({ providerId: z.string().min(1), accountId: z.string().min(1).optional() }),
  async handler(c) {
    let { provider, account } = await findProviderAccount(c, c.body);
    const expiresAt = account.accessTokenExpiresAt?.getTime();
    if (expiresAt !== undefined && expiresAt - EXPIRY_MARGIN_MS <= c.auth.now()) {
      try {
        account = await refreshAccount(c, provider, account);
      } catch (e) {
        if (e instanceof APIError) throw socialError('BAD_REQUEST', 'FAILED_TO_GET_ACCESS_TOKEN');
        throw e;
      }
    }
    return answer(c, account);
  },
});
