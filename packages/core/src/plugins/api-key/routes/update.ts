import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import type { ApiKeyRow } from '../store.js';
import { apiKeyError } from '../errors.js';
import { keyFields, ownerFields, serverOnlyFields } from '../fields.js';
import { type ApiKey, apiKeyOf, findOwnKey } from '../store.js';

/** POST /api-key/update {keyId, name?, enabled?, expiresIn?, metadata?} (signed in): the key as it now is. */
export const updateApiKey = defineEndpoint({
  method: 'POST',
  path: '/api-key/update',
  name: 'updateApiKey',
  requireSession: true,
  requirePerson: true,
  body: z.object({ keyId: z.string().min(1), enabled: z.boolean().optional(), ...ownerFields, ...serverOnlyFields }),
  answer: answerOf<ApiKey>(),
  async handler(c) {
    const { auth, body } = c;
    const userId = c.session.user.id;
    const own = await findOwnKey(auth, userId, body.keyId);
    if (!own) throw apiKeyError('NOT_FOUND', 'KEY_NOT_FOUND');
    const { keyId: _id, enabled, ...rest } = body;
    const fields = keyFields(auth, rest, c.serverCall);
    if (enabled !== undefined) fields.enabled = enabled;
    if (!Object.keys(fields).length) throw apiKeyError('BAD_REQUEST', 'NO_VALUES_TO_UPDATE');
    const row = await auth.adapter.update<ApiKeyRow>('apikey', [{ field: 'id', value: own.id }], fields);
    if (!row) throw apiKeyError('NOT_FOUND', 'KEY_NOT_FOUND');
    await auth.audit.record(c, 'api-key.update', { userId, details: { keyId: own.id, fields: Object.keys(fields) } });
    return apiKeyOf(row);
  },
});
