import { defineEndpoint } from '../../../kit.js';
import { endHeld, heldTokens, liveSessions, withActive } from '../device.js';

/**
 * POST /multi-session/sign-out-all: "Sign out of all accounts": every session this browser
 * holds ends and every cookie of them is cleared (`/sign-out` ends only the active one).
 * Answers `{ success: true }`, with or without a session.
 */
export const signOutAll = defineEndpoint({
  method: 'POST',
  path: '/multi-session/sign-out-all',
  changesSession: true,
  async handler(c) {
    const { active, held } = heldTokens(c);
    for (const s of await liveSessions(c, withActive(active, held))) await endHeld(c, s, 'all');
    for (const h of held) c.deleteCookie(h.cookie!);
    c.auth.sessions.clearCookies(c);
    return { success: true };
  },
});
