import type { EndpointContext, SessionWithUser } from '../../kit.js';
import { multiSessionConfig } from './config.js';
import { endHeld, heldTokens, liveSessions, oldestFirst, setMultiCookie, withActive } from './device.js';

/**
 * The plugin's `after` hook: it follows the browser's session cookie, whichever route
 * changed it (`c.sessionCookie`, set by the session manager).
 * - A session made active (any sign-in, a switch, a renewal) is kept in its own multi
 *   cookie beside the others; see `keep`.
 * - A write that ended the active session (sign-out, revoking it, deleting the account)
 *   hands the browser to the newest other account it holds, if any; see `handOver`.
 *   A read that finds the session gone (get-session) only clears it, as without the plugin.
 */
export async function followSessionCookie(c: EndpointContext): Promise<undefined> {
  const change = c.sessionCookie;
  if (change) await keep(c, change);
  else if (change === null && c.request.method !== 'GET' && c.request.method !== 'HEAD') await handOver(c);
  return undefined;
}

/**
 * Adds the newly active session to the browser's: one session per account (a second
 * sign-in of the same account ends the earlier session), at most `maximumSessions` (the
 * oldest is signed out). A session already held only has its cookie renewed.
 */
async function keep(c: EndpointContext, s: SessionWithUser): Promise<void> {
  const { active, held } = heldTokens(c);
  if (held.some((h) => h.token === s.token)) {
    setMultiCookie(c, s);
    return;
  }
  // The session that was active before this answer is held too, even when it has no multi
  // cookie yet (it began before the plugin was turned on).
  const others = (await liveSessions(c, withActive(active, held))).filter((o) => o.token !== s.token);
  const kept = [];
  for (const o of others) {
    if (o.user.id === s.user.id) await endHeld(c, o, 'replaced');
    else kept.push(o);
  }
  const { maximumSessions } = multiSessionConfig(c.auth);
  const byAge = oldestFirst(kept);
  while (byAge.length >= maximumSessions) await endHeld(c, byAge.shift()!, 'maximum');
  for (const o of byAge) if (!o.cookie) setMultiCookie(c, o);
  setMultiCookie(c, s);
}

/** After the active session ended: the newest live session the browser holds becomes the active one. */
async function handOver(c: EndpointContext): Promise<void> {
  const { active, held } = heldTokens(c);
  const live = (await liveSessions(c, held)).filter((h) => h.token !== active);
  const next = oldestFirst(live).pop();
  if (next) c.auth.sessions.setCookies(c, next, !!next.session.dontRemember);
}
