import { answerOf, defineEndpoint } from '../../../endpoint.js';
import { type ApiKey, type ApiKeyRow, apiKeyOf } from '../store.js';

/** GET /api-key/list (signed in): the caller's keys, newest first, without the keys themselves. */
export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api-key/list',
  name: 'listApiKeys',
  requireSession: true,
  answer: answerOf<ApiKey[]>(),
  async handler(c) {
    const rows = await c.auth.adapter.findMany<ApiKeyRow>('apikey', {
      where: [{ field: 'userId', value: c.session.user.id }],
      sortBy: { field: 'createdAt', direction: 'desc' },
    });
    return rows.map(apiKeyOf);
  },
});
