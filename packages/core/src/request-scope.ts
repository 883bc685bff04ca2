import type { CookieAttributes } from './cookies.js';
import type { SessionWithUser } from './session/types.js';

/**
 * What the services (sessions, audit) need of the request being answered: its headers,
 * its address and its cookies. The pipeline's `EndpointContext` is one; the services name
 * only this, so that they sit below the HTTP layer.
 */
export interface RequestScope {
  readonly request: Request;
  readonly headers: Headers;
  /** The client address, as far as it can be trusted. */
  readonly ip: string | null;
  /** The caller's session, once it is known. */
  session: SessionWithUser | null;
  /**
   * Whether the client has hung up before its answer (the connection closed): long work not
   * yet begun for it (a password hash waiting for a slot) is not begun. Always false for a
   * server-side call, and for a host that cannot tell.
   */
  clientGone(): boolean;
  /**
   * What this answer does to the browser's session cookie, as the session manager sets it:
   * the session it makes the active one (a sign-in, a switch, a renewal), `null` when it
   * clears the cookie, absent when it leaves it alone. Plugins read it after the handler
   * (their `after` hook), whichever route signed in or out.
   */
  sessionCookie?: SessionWithUser | null;
  getCookie(name: string): string | undefined;
  getSignedCookie(name: string): string | null;
  setCookie(name: string, value: string, attrs?: CookieAttributes): void;
  setSignedCookie(name: string, value: string, attrs?: CookieAttributes): void;
  deleteCookie(name: string): void;
}

/**
 * Another way than the session cookie for a request to say whose it is (a plugin's: an API
 * key header). A request carrying `header` is the source's: `resolve` gives the session it
 * stands for (built for this request, never stored, no cookie set) or throws an APIError
 * to refuse it. The fast lane hands such requests to the general route. Its sessions are
 * marked `machine`: a route that adds or changes a way in (`requirePerson`) refuses them.
 */
export interface SessionSource {
  /** The request header, lower case, whose presence makes the request this source's. */
  header: string;
  resolve(scope: RequestScope, value: string): Promise<SessionWithUser>;
}
