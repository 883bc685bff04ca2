/**
 * The client's types, derived from the capabilities it is given: each capability's
 * client side (`plugins/<id>/client.ts` in @gatehouse/core) carries the types of its
 * server routes (method, body, query, answer), so calls and answers come from the
 * server's schemas and handlers, the way Hono's `hc<typeof app>` does. Nothing here
 * names a route of a capability. Imported as types only: no server code reaches a bundle.
 */
import type { CallOptions, Method, QueryValue } from './fetcher.js';
import type { AuthResult } from './result.js';

/** The types one route shows its callers (`RouteTypes` of @gatehouse/core). */
export interface RouteShape {
  method: Method | readonly Method[];
  body: unknown;
  query: unknown;
  answer: unknown;
}

/** A capability's client side as this package reads it (`ClientPlugin` of @gatehouse/core). */
export interface ClientPluginLike {
  id: string;
  /** Each call's method, by path. */
  methods: { readonly [path: string]: Method | readonly Method[] };
  /** The calls after whose success the session view is refetched. */
  changesSession: { readonly [path: string]: true };
  /** Change signals bumped after a successful call. */
  signals?: { readonly [signal: string]: readonly string[] };
  /** Type only: the capability's routes. */
  readonly $routes?: unknown;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The routes of the given capabilities that a client calls, keyed by path. */
export type ClientRoutes<Ps extends readonly ClientPluginLike[]> = UnionToIntersection<
  Ps[number] extends infer P ? (P extends { $routes?: infer R; methods: infer M } ? Pick<NonNullable<R>, keyof M & keyof NonNullable<R>> : never) : never
>;

/** The names of the change signals the given capabilities bump. */
export type SignalName<Ps extends readonly ClientPluginLike[]> = Ps[number] extends infer P
  ? P extends { signals?: infer S }
    ? keyof NonNullable<S> & string
    : never
  : never;

/** Query schemas that coerce (`z.coerce.number()`) accept `unknown`; in a URL it is a `QueryValue`. */
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };
type OptionalWhenEmpty<T> = T extends undefined ? undefined : object extends T ? T | undefined : T;

/**
 * A route's payload: its JSON body, or for a route without one its query. Optional
 * (`| undefined`) when every field is: the server reads a missing body or query as `{}`.
 */
export type Payload<R extends RouteShape> = OptionalWhenEmpty<R['body'] extends undefined ? QueryInput<R['query']> : R['body']>;

/** A typed call: the payload is optional when the route's payload may be `undefined`. */
export type Call<R extends RouteShape> =
  undefined extends Payload<R>
    ? (input?: Payload<R>, options?: CallOptions) => Promise<AuthResult<R['answer']>>
    : (input: Payload<R>, options?: CallOptions) => Promise<AuthResult<R['answer']>>;

/** `revoke-other-sessions` → `revokeOtherSessions`. */
export type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type Nest<S extends string, V> = S extends `${infer H}/${infer T}` ? { [K in CamelCase<H>]: Nest<T, V> } : { [K in CamelCase<S>]: V };

/** The calls of a set of routes, nested by path: `/sign-in/email` → `signIn.email(…)`. */
export type Calls<R> = UnionToIntersection<
  { [P in keyof R & string]: P extends `/${infer S}` ? (R[P] extends RouteShape ? Nest<S, Call<R[P]>> : never) : never }[keyof R & string]
>;

/** A route's payload, by path. */
export type InputOf<R, P extends keyof R> = R[P] extends RouteShape ? Payload<R[P]> : never;
/** A route's answer (as JSON: dates are strings), by path. */
export type AnswerOf<R, P extends keyof R> = R[P] extends RouteShape ? R[P]['answer'] : never;
