import { answerOf, defineEndpoint, type SessionAnswer } from '../../../kit.js';
import { heldTokens, type HeldSession, liveSessions, oldestFirst, setMultiCookie, withActive } from '../device.js';

/**
 * GET /multi-session/list-device-sessions: the accounts signed in in this browser, one
 * `{ session, user }` each (as get-session answers them, `session.token` being what
 * set-active and revoke take), oldest first. Sessions that ended are left out and their
 * cookies cleared; without any cookie the answer is `[]`.
 */
export const listDeviceSessions = defineEndpoint({
  method: 'GET',
  path: '/multi-session/list-device-sessions',
  name: 'listDeviceSessions',
  answer: answerOf<SessionAnswer[]>(),
  async handler(c) {
    const { active, held } = heldTokens(c);
    const live = await liveSessions(c, withActive(active, held));
    // One entry per account: the active session stands for its user.
    const byUser = new Map<string, HeldSession>();
    for (const s of live) if (!byUser.has(s.user.id) || s.token === active) byUser.set(s.user.id, s);
    const shown = oldestFirst([...byUser.values()]);
    for (const s of shown) if (!s.cookie) setMultiCookie(c, s);
    return shown.map((s) => c.auth.sessions.answer(s));
  },
});
