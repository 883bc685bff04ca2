import './audit-events.js';
import type { AuthContext, EndpointContext, SessionWithUser } from '../../kit.js';
import { MAXIMUM_SESSIONS_LIMIT } from './config.js';

/**
 * A browser's sessions: besides its session cookie (the active one), each session signed in
 * here has its own signed cookie `<session cookie name>_multi-<token, lower-case>` holding
 * its token, with the session cookie's attributes (better-auth's multi-session naming).
 */
const MARK = '_multi-';

/** More multi cookies than this are not looked at (a bloated header costs no database reads). */
const MOST_HELD = 2 * MAXIMUM_SESSIONS_LIMIT;

/** The multi cookie's name for a session token. */
export function multiCookieName(auth: AuthContext, token: string): string {
  return `${auth.cookies.sessionToken}${MARK}${token.toLowerCase()}`;
}

/** A token this browser holds: `cookie` names its multi cookie, absent for an active session that has none yet. */
export interface Held {
  token: string;
  cookie?: string;
}

/** A held token whose session is live. */
export interface HeldSession extends SessionWithUser {
  cookie?: string;
}

/** The names of the cookies in a Cookie header that start with `prefix`, in the header's order. */
function cookieNamesStartingWith(header: string | null, prefix: string): string[] {
  if (!header) return [];
  const names: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name.startsWith(prefix) && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * What the browser holds: the token of its session cookie (`active`, when its signature
 * holds) and the tokens of its multi cookies, in the order the browser sends them (oldest
 * first). A multi cookie counts only when its signature holds and its name is its token's:
 * any other is cleared.
 */
export function heldTokens(c: EndpointContext): { active: string | null; held: Held[] } {
  const { auth } = c;
  const active = c.getSignedCookie(auth.cookies.sessionToken);
  const held: Held[] = [];
  for (const name of cookieNamesStartingWith(c.headers.get('cookie'), `${auth.cookies.sessionToken}${MARK}`)) {
    const token = held.length < MOST_HELD ? c.getSignedCookie(name) : null;
    if (token && multiCookieName(auth, token) === name) held.push({ token, cookie: name });
    else c.deleteCookie(name);
  }
  return { active, held };
}

/** The held tokens and, first when it has no multi cookie, the active one. */
export function withActive(active: string | null, held: Held[]): Held[] {
  return active && !held.some((h) => h.token === active) ? [{ token: active }, ...held] : held;
}

/** Whether the browser holds a correctly signed multi cookie for exactly this token. */
export function holds(c: EndpointContext, token: string): boolean {
  return c.getSignedCookie(multiCookieName(c.auth, token)) === token;
}

/** The live sessions behind held tokens, in the same order; the multi cookies of those that ended are cleared. */
export async function liveSessions(c: EndpointContext, held: readonly Held[]): Promise<HeldSession[]> {
  const live: HeldSession[] = [];
  for (const h of held) {
    // `find` deletes an expired session and answers null for it, as for a revoked one.
    const found = await c.auth.sessions.find(h.token);
    if (found) live.push({ session: found.session, user: found.user, token: h.token, cookie: h.cookie });
    else if (h.cookie) c.deleteCookie(h.cookie);
  }
  return live;
}

/** Sets (or refreshes) a session's multi cookie, with the attributes its session cookie has. */
export function setMultiCookie(c: EndpointContext, s: SessionWithUser): void {
  c.setSignedCookie(multiCookieName(c.auth, s.token), s.token, c.auth.sessions.tokenCookieAttributes(!!s.session.dontRemember));
}

/** Ends a held session from this browser: the session row and its multi cookie, audited with why. */
export async function endHeld(c: EndpointContext, s: HeldSession, reason: 'revoked' | 'all' | 'replaced' | 'maximum'): Promise<void> {
  await c.auth.sessions.revoke(s.session.id);
  if (s.cookie) c.deleteCookie(s.cookie);
  await c.auth.audit.record(c, 'multi-session.end', { userId: s.user.id, actorId: s.user.id, details: { sessionId: s.session.id, reason } });
}

/** Oldest first: by creation, then in the order the browser sends them (a stable sort). */
export function oldestFirst<T extends SessionWithUser>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => a.session.createdAt.getTime() - b.session.createdAt.getTime());
}
