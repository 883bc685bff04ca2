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
  /**
   * The first factor is one that a second must follow where the user has one, as after a
   * password (a mailed link or code): a second-factor plugin asks for it. 'password' always is.
   */
  secondFactorDue?: boolean;
}

/**
 * Called after the first factor succeeded and before a session is made (a plugin's
 * `beforeSignIn`). A value answers instead of signing in (a second factor is due);
 * an APIError refuses.
 */
export type SignInGate = (c: EndpointContext, attempt: SignInAttempt) => Promise<unknown | undefined>;

/** A plugin's hook before every route's handler (after its session and guards): a value answers instead. */
export type BeforeHook = (c: EndpointContext) => Promise<unknown | undefined>;

/** A plugin's hook after every route's handler: a value replaces the answer. */
export type AfterHook = (c: EndpointContext, result: unknown) => Promise<unknown | undefined>;

/** What a route asks of the caller's session (`requireSession`). */
export type SessionRequirement = boolean | 'fresh' | undefined;

/** The session a route's handler sees: always there when the route requires one. */
export type SessionFor<S extends SessionRequirement> = [S] extends [true | 'fresh'] ? SessionWithUser : SessionWithUser | null;

export interface EndpointContext<B = unknown, Q = unknown, S extends SessionRequirement = SessionRequirement> extends RequestScope {
  readonly auth: AuthContext;
  readonly body: B;
  readonly query: Q;
  readonly params: Record<string, string>;
  /** The declared path of the route (rate limits and hooks key on it). */
  readonly path: string;
  /** True for a server-side call (`auth.api`), false over HTTP: what only the server may set (an API key's permissions) is checked on it. */
  readonly serverCall: boolean;
  /** The caller's session: set (and typed as present) when the route requires one, else looked up on demand. */
  session: SessionFor<S>;
  getSession(): Promise<SessionWithUser | null>;
  /** The plugins' sign-in gates, in plugin order (`completeSignIn` runs them). */
  readonly signInGates: readonly SignInGate[];
  /** Headers added to whatever the handler answers. */
  readonly responseHeaders: Headers;
  redirect(url: string, status?: 301 | 302 | 303 | 307): Response;
}

/** The context of a route that requires a session: `c.session` is there. */
export type SignedInContext<B = unknown, Q = unknown> = EndpointContext<B, Q, true>;

/**
 * A route. `B`/`Q` are what the handler gets (the schemas' output); `BI`/`QI` what a
 * caller may send (their input); `P` the path literal; `R` what the handler answers;
 * `M` its method; `A` its declared answer (`answer`); `C` whether it changes the
 * session; `S` what it asks of the caller's session (`requireSession`). All are kept so that clients derive their calls from the route
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
  C extends boolean = false,
  S extends SessionRequirement = SessionRequirement,
  N extends string = never,
> {
  method: M;
  path: P;
  body?: z.ZodType<B, BI>;
  query?: z.ZodType<Q, QI>;
  /** true: 401 without a session; 'fresh': also 403 when not fresh. */
  requireSession?: S;
  /**
   * The route adds or changes a way in, or the account's security (passkeys, passwords, second
   * factors, linked accounts, email, API keys, sessions): a session made from a machine credential
   * (an API key: `SessionWithUser.machine`) is refused with 403 API_KEY_NOT_ALLOWED. A key acts
   * for a script, never as the person: what it could set up would outlive it.
   */
  requirePerson?: boolean;
  /** Only through `auth.api`, never over HTTP (e.g. set-password). */
  serverOnly?: boolean;
  /** Skip the Origin check: only for routes whose own token is the CSRF defence (the OAuth callback's state). */
  skipOriginCheck?: boolean;
  /** Body/query fields holding redirect targets that must be trusted. */
  redirectFields?: readonly string[];
  /** Name in `auth.api` (default: camelCase of the path, its parameters left out: `apiName`). */
  name?: N;
  /**
   * A successful answer changes the caller's session (signs in or out, renews it, moves
   * its active organization…): clients refetch their session view after it.
   * Read by the clients only (`plugins/<id>/client.ts` is checked against it).
   */
  changesSession?: C;
  /**
   * The JSON answer's type, for a handler whose return type cannot say it (rows whose
   * fields the schema decides at run time). Type-only: declare it with `answerOf<T>()`;
   * route-types.ts checks it against what the handler builds, the rows aside.
   */
  answer?: Answer<A>;
  /** How the OpenAPI document (`/openapi.json`) describes it, beyond what its schemas say. */
  openapi?: OpenApiNote;
  handler(c: EndpointContext<B, Q, S>): Promise<R>;
}

/** A route's description in the OpenAPI document, where its declaration cannot say it. */
export interface OpenApiNote {
  summary?: string;
  description?: string;
  /** The credential it asks for instead of the session cookie (e.g. the metrics token). */
  security?: 'bearer';
  /** The media type of its answer when it is not JSON (`text/html`, `text/plain`). */
  produces?: string;
  /** Left out of the document (a page's assets). */
  hidden?: boolean;
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

/**
 * Declares a route; the types of body, query and answer flow from its schemas and handler,
 * and `requireSession: true` (or 'fresh') types `c.session` as present.
 */
export function defineEndpoint<
  B = undefined,
  Q = undefined,
  BI = undefined,
  QI = undefined,
  P extends string = string,
  R = unknown,
  M extends Method | Method[] = Method | Method[],
  A = never,
  C extends boolean = false,
  S extends SessionRequirement = undefined,
  N extends string = never,
>(e: Endpoint<B, Q, BI, QI, P, R, M, A, C, S, N>): Endpoint<B, Q, BI, QI, P, R, M, A, C, S, N> {
  return e;
}

/** Any route, its types erased: what plugins list and the pipeline runs. */
export type AnyEndpoint = Endpoint<unknown, unknown, unknown, unknown, string, unknown, Method | Method[], unknown, boolean, SessionRequirement, string>;

/** `/sign-in/email` → `signInEmail` (the same rule as the type `ApiName` in api-types.ts). */
export function apiName(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .join('-')
    .replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}
