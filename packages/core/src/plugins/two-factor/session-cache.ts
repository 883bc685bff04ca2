import type { EndpointContext, UserRow } from '../../kit.js';

/** After changing the signed-in user's two-factor state, rewrite the cached session cookie so it is not stale. */
export function refreshSessionCache(c: EndpointContext, user: UserRow): void {
  const s = c.session;
  if (!s || !c.auth.options.session.cookieCache.enabled) return;
  c.auth.sessions.setCookies(c, { session: s.session, user, token: s.token }, !!s.session.dontRemember);
}
