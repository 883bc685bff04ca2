import { z } from 'zod';
import { answerOf, APIError, defineEndpoint } from '../../../kit.js';
import { API_KEY_ERRORS } from '../errors.js';
import { permissionsSchema } from '../fields.js';
import { type ApiKey, apiKeyOf, hasPermissions, useKey } from '../store.js';

type Verdict = { valid: true; error: null; key: ApiKey } | { valid: false; error: { message: string; code: string }; key: ApiKey | null };

/**
 * POST /api-key/verify {key, permissions?} (server only: `auth.api.verifyApiKey`): whether
 * the key is good now and holds the permissions; counts a use, as a request with it would.
 */
export const verifyApiKey = defineEndpoint({
  method: 'POST',
  path: '/api-key/verify',
  name: 'verifyApiKey',
  serverOnly: true,
  body: z.object({ key: z.string().min(1), permissions: permissionsSchema.optional() }),
  answer: answerOf<Verdict>(),
  async handler(c): Promise<Verdict> {
    let used: Awaited<ReturnType<typeof useKey>>;
    try {
      used = await useKey(c.auth, c.body.key);
    } catch (e) {
      if (e instanceof APIError) return { valid: false, error: { message: e.message, code: e.code }, key: null };
      throw e;
    }
    const key = apiKeyOf(used.row);
    if (c.body.permissions && !hasPermissions(used.row.permissions, c.body.permissions)) {
      return { valid: false, error: { message: API_KEY_ERRORS.INSUFFICIENT_PERMISSIONS, code: 'INSUFFICIENT_PERMISSIONS' }, key };
    }
    return { valid: true, error: null, key };
  },
});
