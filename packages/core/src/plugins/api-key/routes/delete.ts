import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { apiKeyError } from '../errors.js';
import { findOwnKey } from '../store.js';

/** POST /api-key/delete {keyId} (signed in): removes one of the caller's keys; `{ success: true }`. */
export const deleteApiKey = defineEndpoint({
  method: 'POST',
  path: '/api-key/delete',
  name: 'deleteApiKey',
  requireSession: true,
  requirePerson: true,
  body: z.object({ keyId: z.string().min(1) }),
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    const own = await findOwnKey(auth, userId, c.body.keyId);
    if (!own) throw apiKeyError('NOT_FOUND', 'KEY_NOT_FOUND');
    await auth.adapter.delete('apikey', [{ field: 'id', value: own.id }]);
    await auth.audit.record(c, 'api-key.delete', { userId, details: { keyId: own.id } });
    return { success: true };
  },
});
