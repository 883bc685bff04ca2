import { z } from 'zod';
import { answerOf, APIError, BASE_ERRORS, defineEndpoint, generateId } from '../../../kit.js';
import { apiKeyConfig } from '../config.js';
import { apiKeyError } from '../errors.js';
import { keyFields, ownerFields, serverOnlyFields } from '../fields.js';
import { type ApiKey, type ApiKeyRow, apiKeyOf, newKey } from '../store.js';

/**
 * POST /api-key/create {name?, expiresIn?, prefix?, metadata?} (signed in; the server may
 * also set permissions, a rate limit and, without a session, userId): the new key, `key`
 * in clear this once. Only its SHA-256 and its first characters are kept.
 */
export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api-key/create',
  requirePerson: true,
  name: 'createApiKey',
  body: z.object({
    ...ownerFields,
    prefix: z
      .string()
      .regex(/^[a-zA-Z0-9_-]+$/, 'Invalid prefix format, must be alphanumeric and contain only underscores and hyphens.')
      .max(32)
      .optional(),
    ...serverOnlyFields,
    userId: z.string().min(1).optional(),
  }),
  answer: answerOf<ApiKey & { key: string }>(),
  async handler(c) {
    const { auth, body } = c;
    const config = apiKeyConfig(auth);
    if (body.userId !== undefined && !c.serverCall) throw apiKeyError('BAD_REQUEST', 'SERVER_ONLY_PROPERTY');
    const session = c.serverCall && body.userId ? null : await c.getSession();
    const userId = body.userId ?? session?.user.id;
    if (!userId) {
      if (c.serverCall) throw apiKeyError('BAD_REQUEST', 'USER_ID_REQUIRED');
      throw new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED);
    }
    if (config.requireName && !body.name) throw apiKeyError('BAD_REQUEST', 'NAME_REQUIRED');
    const fields = keyFields(auth, { expiresIn: config.defaultExpiresIn, ...body }, c.serverCall);
    const prefix = body.prefix ?? config.defaultPrefix;
    const { key, hash, start } = newKey(config, prefix);
    const now = new Date(auth.now());
    const row = await auth.adapter.create<ApiKeyRow>('apikey', {
      id: generateId(),
      name: null,
      prefix: prefix ?? null,
      start,
      key: hash,
      userId,
      enabled: true,
      rateLimitEnabled: config.rateLimit.enabled,
      rateLimitTimeWindow: config.rateLimit.timeWindow,
      rateLimitMax: config.rateLimit.maxRequests,
      requestCount: 0,
      permissions: config.defaultPermissions ?? null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    });
    if (!row) throw new APIError('INTERNAL_SERVER_ERROR', 'FAILED_TO_CREATE_API_KEY', 'Failed to create API key');
    await auth.audit.record(c, 'api-key.create', { userId, actorId: session?.user.id, details: { keyId: row.id, start } });
    return { ...apiKeyOf(row), key };
  },
});
