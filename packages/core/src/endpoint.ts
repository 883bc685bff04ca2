import type { z } from 'zod';
import type { AuthContext } from './context.js';
import type { CookieAttributes } from './cookies.js';
import type { SessionWithUser } from './session/types.js';

export type Method = 'GET' | 'POST';

export interface EndpointContext<B = unknown, Q = unknown> {
  readonly auth: AuthContext;
  readonly request: Request;
  readonly headers: Headers;
  readonly body: B;
  readonly query: Q;
  readonly params: Record<string, string>;
  /** The declared path of the route (rate limits and hooks key on it). */
  readonly path: string;
  /** The client address, as far as it can be trusted. */
  readonly ip: string | null;
  /** The caller's session: set when the route requires one, else looked up on demand. */
  session: SessionWithUser | null;
  getSession(): Promise<SessionWithUser | null>;
  getCookie(name: string): string | undefined;
  getSignedCookie(name: string): string | null;
  setCookie(name: string, value: string, attrs?: CookieAttributes): void;
  setSignedCookie(name: string, value: string, attrs?: CookieAttributes): void;
  deleteCookie(name: string): void;
  /** Headers added to whatever the handler answers. */
  readonly responseHeaders: Headers;
  redirect(url: string, status?: 301 | 302 | 303 | 307): Response;
}

/**
 * A route. `B`/`Q` are what the handler gets (the schemas' output); `BI`/`QI` what a
 * caller may send (their input); `P` the path literal; `R` what the handler answers;
 * `M` its method; `A` its declared answer (`answer`); `S` whether it changes the
 * session. All are kept so that clients derive their calls from the route
 * (route-types.ts, `plugins/<id>/client.ts`).
 */
export interface Endpoint<
  B = unknown,
  Q = unknown,
  BI = unknown,
  QI = unknown,
  P extends string = string,
  R = unknown,
  M extends Method | Method[] = Method | Method[],
  A = never,
  S extends boolean = false,
> {
  method: M;
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
  /**
   * A successful answer changes the caller's session (signs in or out, renews it, moves
   * its active organization…): clients refetch their session view after it.
   * Read by the clients only (`plugins/<id>/client.ts` is checked against it).
   */
  changesSession?: S;
  /**
   * The JSON answer's type, for a handler whose return type cannot say it (rows whose
   * fields the schema decides at run time). Type-only: declare it with `answerOf<T>()`;
   * route-types.ts checks it against what the handler builds, the rows aside.
   */
  answer?: Answer<A>;
  handler(c: EndpointContext<B, Q>): Promise<R>;
}

declare const answerType: unique symbol;
/** A route's declared answer type (never holds a value). */
export interface Answer<T> {
  readonly [answerType]?: T;
}

/** `answer: answerOf<SessionAnswer | null>()` on a route: its clients read this type. */
export function answerOf<T>(): Answer<T> {
  return {};
}

/** Declares a route; the types of body, query and answer flow from its schemas and handler. */
export function defineEndpoint<
  B = undefined,
  Q = undefined,
  BI = undefined,
  QI = undefined,
  P extends string = string,
  R = unknown,
  M extends Method | Method[] = Method | Method[],
  A = never,
  S extends boolean = false,
>(e: Endpoint<B, Q, BI, QI, P, R, M, A, S>): Endpoint<B, Q, BI, QI, P, R, M, A, S> {
  return e;
}

export type AnyEndpoint = Endpoint<never, never, unknown, unknown, string, unknown, Method | Method[], unknown, boolean>;

/** `/sign-in/email` → `signInEmail`. */
export function apiName(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('-')
    .replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}
