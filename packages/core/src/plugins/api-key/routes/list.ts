import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { type ApiKey, type ApiKeyRow, apiKeyOf, DEFAULT_CONFIG_ID } from '../store.js';

/** The fields a list may be sorted by (better-auth's examples: createdAt, name, expiresAt). */
const SORTABLE = ['createdAt', 'updatedAt', 'name', 'expiresAt', 'lastRequest'] as const;

/**
 * GET /api-key/list?limit&offset&sortBy&sortDirection&configId (signed in): the caller's keys,
 * without the keys themselves, as better-auth 1.7 answers: `{ apiKeys, total, limit?, offset? }`
 * (`total` counts them all, before the page). Newest first unless `sortBy` says otherwise.
 * Gatehouse has one key configuration (`configId` "default"): another configId lists none.
 */
export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api-key/list',
  name: 'listApiKeys',
  requireSession: true,
  answer: answerOf<{ apiKeys: ApiKey[]; total: number; limit?: number; offset?: number }>(),
  query: z.object({
    configId: z.string().optional(),
    limit: z.coerce.number().int().nonnegative().optional(),
    offset: z.coerce.number().int().nonnegative().optional(),
    sortBy: z.enum(SORTABLE).optional(),
    sortDirection: z.enum(['asc', 'desc']).optional(),
  }),
  async handler(c) {
    const { configId, limit, offset, sortBy, sortDirection } = c.query;
    const page = { ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) };
    if (configId !== undefined && configId !== DEFAULT_CONFIG_ID) return { apiKeys: [], total: 0, ...page };
    const where = [{ field: 'userId', value: c.session.user.id }];
    const [rows, total] = await Promise.all([
      c.auth.adapter.findMany<ApiKeyRow>('apikey', {
        where,
        sortBy: { field: sortBy ?? 'createdAt', direction: sortDirection ?? (sortBy ? 'asc' : 'desc') },
        ...page,
      }),
      c.auth.adapter.count('apikey', where),
    ]);
    return { apiKeys: rows.map(apiKeyOf), total, ...page };
  },
});
