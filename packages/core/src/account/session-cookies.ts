import type { EndpointContext } from '../endpoint.js';
import type { UserRow } from '../session/types.js';

/**
 * After the signed-in user's row changed: rewrites the cached session data
 * cookie (when the cookie cache is on), so the next get-session shows the change.
 */
export function refreshSessionCookies(c: EndpointContext<unknown, unknown>, user: UserRow): void {
  const s = c.session;
  if (!s || s.user.id !== user.id || !c.auth.options.session.cookieCache.enabled) return;
  c.auth.sessions.setCookies(c, { session: s.session, user, token: s.token }, !!s.session.dontRemember);
}
