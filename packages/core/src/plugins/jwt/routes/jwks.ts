import { defineEndpoint } from '../../../kit.js';
import { jwtOf } from '../state.js';

/** GET /jwks (anyone): `{ keys }`, the public keys tokens are signed with, old ones until their tokens expire (plus the grace period). */
export const getJwks = defineEndpoint({
  method: 'GET',
  path: '/jwks',
  name: 'getJwks',
  async handler(c) {
    const { keys } = jwtOf(c.auth);
    // A first verifier may come before the first token: the set is never empty.
    await keys.signingKey();
    return { keys: await keys.publicKeys() };
  },
});
