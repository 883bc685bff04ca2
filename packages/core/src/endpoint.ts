import type { z } from 'zod';
import type { AuthContext } from './context.js';
import type { Row } from './db/types.js';
import type { RequestScope } from './request-scope.js';
import type { SessionWithUser } from './session/types.js';

export type Method = 'GET' | 'POST';

export interface SignInAttempt {
  user: Row;
  rememberMe: boolean;
  callbackURL?: string;
  /** How the first factor was given: 'password' for a password sign-in, else a provider id. */
  method: string;
}

/**
 * Called after the first factor succeeded and before a session is made (a plugin's
 * `beforeSignIn`). A value answers instead of signing in (a second factor is due);
 * an APIError refuses.
 */
export type SignInGate = (c: EndpointContext, attempt: SignInAttempt) => Promise<unknown | undefined>;

export interface EndpointContext<B = unknown, Q = unknown> extends RequestScope {
  readonly auth: AuthContext;
  readonly body: B;
  readonly query: Q;
  readonly params: Record<string, string>;
  /** The declared path of the route (rate limits and hooks key on it). */
  readonly path: string;
  /** The caller's session: set when the route requires one, else looked up on demand. */
  session: SessionWithUser | null;
  getSession(): Promise<SessionWithUser | null>;
  /** The plugins' sign-in gates, in plugin order (`completeSignIn` runs them). */
  readonly signInGates: readonly SignInGate[];
  /** Headers added to whatever the handler answers. */
  readonly responseHeaders: Headers;
  redirect(url: string, status?: 301 | 302 | 303 | 307): Response;
}

/**
 * A route. `B`/`Q` are what the handler gets (the schemas' output); `BI`/`QI` what a
 * caller may send (their input) and `P` the path literal: both kept so that the
 * client's request types derive from the route (route-types.ts).
 */
export interface Endpoint<B = unknown, Q = unknown, BI = unknown, QI = unknown, P extends string = string> {
  method: Method | Method[];
  path: P;
  body?: z.ZodType<B, BI>;
  query?: z.ZodType<Q, QI>;
  /** true: 401 without a session; 'fresh': also 403 when not fresh. */
  requireSession?: boolean | 'fresh';
  /** Only through `auth.api`, never over HTTP (e.g. set-password). */
  serverOnly?: boolean;
  /** Skip the Origin check: only for routes whose own token is the CSRF defence (the OAuth callback's state). */
  skipOriginCheck?: boolean;
  /** Body/query fields holding redirect targets that must be trusted. */
  redirectFields?: readonly string[];
  /** Name in `auth.api` (default: camelCase of the path). */
  name?: string;
  handler(c: EndpointContext<B, Q>): Promise<unknown>;
}

/** Declares a route; the types of body and query flow from their zod schemas. */
export function defineEndpoint<B = undefined, Q = undefined, BI = undefined, QI = undefined, P extends string = string>(
  e: Endpoint<B, Q, BI, QI, P>,
): Endpoint<B, Q, BI, QI, P> {
  return e;
}

export type AnyEndpoint = Endpoint<never, never>;

/** `/sign-in/email` → `signInEmail`. */
export function apiName(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('-')
    .replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}
