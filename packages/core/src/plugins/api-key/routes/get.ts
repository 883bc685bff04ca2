import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { apiKeyError } from '../errors.js';
import { type ApiKey, apiKeyOf, findOwnKey } from '../store.js';

/** GET /api-key/get?id= (signed in): one of the caller's keys (404 KEY_NOT_FOUND for another's). */
export const getApiKey = defineEndpoint({
  method: 'GET',
  path: '/api-key/get',
  name: 'getApiKey',
  requireSession: true,
  query: z.object({ id: z.string().min(1) }),
  answer: answerOf<ApiKey>(),
  async handler(c) {
    const row = await findOwnKey(c.auth, c.session.user.id, c.query.id);
    if (!row) throw apiKeyError('NOT_FOUND', 'KEY_NOT_FOUND');
    return apiKeyOf(row);
  },
});
