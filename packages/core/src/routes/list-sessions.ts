import type { SessionListItem } from '../public-types.js';
import { answerOf, defineEndpoint } from '../endpoint.js';

/** The caller's live sessions. `token` is the stored hash: enough to revoke, useless to sign in. */
export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/list-sessions',
  answer: answerOf<SessionListItem[]>(),
  requireSession: true,
  async handler(c) {
    const rows = await c.auth.sessions.listForUser(c.session.user.id);
    return c.auth.sessions.listAnswer(rows, c.session.session.id);
  },
});
