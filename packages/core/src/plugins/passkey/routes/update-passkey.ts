import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { passkeyError } from '../errors.js';
import { findOwnPasskey, type Passkey, passkeyOf } from '../store.js';

/** POST /passkey/update-passkey {id, name} (signed in): renames one of the caller's passkeys. Answers `{ passkey }`. */
export const updatePasskey = defineEndpoint({
  method: 'POST',
  path: '/passkey/update-passkey',
  requireSession: true,
  requirePerson: true,
  answer: answerOf<{ passkey: Passkey }>(),
  body: z.object({ id: z.string().min(1), name: z.string().trim().min(1).max(100) }),
  async handler(c) {
    const { auth } = c;
    const userId = c.session.user.id;
    const own = await findOwnPasskey(auth, userId, c.body.id);
    if (!own) throw passkeyError('NOT_FOUND', 'PASSKEY_NOT_FOUND');
    const row = await auth.adapter.update<Passkey & Record<string, unknown>>('passkey', [{ field: 'id', value: own.id }], { name: c.body.name });
    if (!row) throw passkeyError('NOT_FOUND', 'PASSKEY_NOT_FOUND');
    await auth.audit.record(c, 'passkey.rename', { userId, details: { passkeyId: own.id } });
    return { passkey: passkeyOf(row) };
  },
});
