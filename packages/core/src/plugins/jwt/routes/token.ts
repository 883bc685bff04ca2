import { defineEndpoint, type SessionAnswer } from '../../../kit.js';
import { signSessionJwt } from '../sign.js';

/** GET /token (signed in): `{ token }`, a short-lived JWT for the caller's session, verifiable with /jwks. */
export const getToken = defineEndpoint({
  method: 'GET',
  path: '/token',
  name: 'getToken',
  requireSession: true,
  async handler(c) {
    const session = c.auth.sessions.answer(c.session) as unknown as SessionAnswer;
    return { token: await signSessionJwt(c.auth, session) };
  },
});
