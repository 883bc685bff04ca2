import { answerOf, defineEndpoint } from '../../../kit.js';
import { listPasskeys, type Passkey, passkeyOf } from '../store.js';

/** GET /passkey/list-user-passkeys (signed in): the caller's passkeys, oldest first. */
export const listUserPasskeys = defineEndpoint({
  method: 'GET',
  path: '/passkey/list-user-passkeys',
  requireSession: true,
  answer: answerOf<Passkey[]>(),
  async handler(c) {
    return (await listPasskeys(c.auth, c.session.user.id)).map(passkeyOf);
  },
});
