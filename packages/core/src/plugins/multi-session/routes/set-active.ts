import { answerOf, defineEndpoint, type SessionAnswer } from '../../../kit.js';
import { heldCookie, invalidSessionToken, sessionTokenBody } from './session-token.js';

/**
 * POST /multi-session/set-active {sessionToken}: makes a session this browser holds the
 * active one (its session cookie) and answers it as get-session does.
 */
export const setActiveSession = defineEndpoint({
  method: 'POST',
  path: '/multi-session/set-active',
  name: 'setActiveSession',
  body: sessionTokenBody,
  requireSession: true,
  requirePerson: true,
  changesSession: true,
  answer: answerOf<SessionAnswer>(),
  async handler(c) {
    const token = c.body.sessionToken;
    const cookie = heldCookie(c, token);
    const found = await c.auth.sessions.find(token);
    if (!found) throw invalidSessionToken(c, cookie);
    const s = { session: found.session, user: found.user, token };
    c.auth.sessions.setCookies(c, s, !!found.session.dontRemember);
    return c.auth.sessions.answer(s);
  },
});
