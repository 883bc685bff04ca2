import { defineEndpoint } from '../../../kit.js';
import { endHeld } from '../device.js';
import { heldCookie, sessionTokenBody } from './session-token.js';

/**
 * POST /multi-session/revoke {sessionToken}: signs one of this browser's accounts out (its
 * session ends, its cookie is cleared). When it was the active one, the newest other
 * account the browser holds becomes active (the plugin's `after` hook); with none left,
 * the browser is signed out. Answers `{ status: true }`.
 */
export const revokeDeviceSession = defineEndpoint({
  method: 'POST',
  path: '/multi-session/revoke',
  name: 'revokeDeviceSession',
  body: sessionTokenBody,
  requireSession: true,
  requirePerson: true,
  changesSession: true,
  async handler(c) {
    const token = c.body.sessionToken;
    const cookie = heldCookie(c, token);
    const found = await c.auth.sessions.find(token);
    if (found) await endHeld(c, { ...found, token, cookie }, 'revoked');
    else c.deleteCookie(cookie);
    if (token === c.session.token) c.auth.sessions.clearCookies(c);
    return { status: true };
  },
});
