import type { Answer } from './endpoint.js';
import type { RouteTypes } from './route-types.js';

// Types only: `auth.api`'s methods, one per route, derived from the routes' declarations
// the way route-types.ts derives the HTTP clients' calls. Unlike an HTTP answer, a server-side
// call gives the handler's value as it is: dates are `Date`s, nothing went through JSON.

/** `a-b-c` → `aBC` as `apiName` does it: a hyphen before a lowercase letter goes, the letter is raised. */
type Camel<S extends string> = S extends `${infer A}-${infer B}`
  ? B extends `${infer C}${infer D}`
    ? C extends Lowercase<C>
      ? C extends Uppercase<C>
        ? `${A}-${Camel<B>}`
        : `${A}${Uppercase<C>}${Camel<D>}`
      : `${A}-${Camel<B>}`
    : `${A}-`
  : S;

/** A path's segments without the empty ones and the parameters (`:token`). */
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? [...Segment<Head>, ...Segments<Tail>] : Segment<P>;
type Segment<S extends string> = S extends '' | `:${string}` ? [] : [S];
type Join<T extends string[]> = T extends [infer H extends string, ...infer R extends string[]] ? (R extends [] ? H : `${H}-${Join<R>}`) : '';

/** The name `auth.api` gives a path: `/sign-in/email` → `signInEmail` (endpoint.ts `apiName`, at run time). */
export type ApiName<P extends string> = Camel<Join<Segments<P>>>;

/** A route's name in `auth.api`: the one it declares (`name`), else its path's. */
export type ApiNameOf<E> = E extends { name?: infer N extends string } ? (string extends N ? PathName<E> : N) : PathName<E>;
type PathName<E> = E extends { path: infer P extends string } ? ApiName<P> : never;

/** The empty object type: `Empty extends T` when every field of T is optional. */
type Empty = Record<never, never>;

/** `{ body?: T }` when the route may go without it, `{ body: T }` when it may not. */
type Part<K extends 'body' | 'query', T> = undefined extends T ? { [P in K]?: T } : Empty extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a server-side call passes: the route's body and query (as its schemas accept them), its path parameters, headers (cookies). */
export type ApiCall<B = unknown, Q = unknown> = Part<'body', B> &
  Part<'query', Q> & {
    params?: Record<string, string>;
    /** The caller's headers: a `cookie` header acts as that browser's session. */
    headers?: HeadersInit;
  };

/** What the handler answers as it is: its declared answer (rows as the public types) or its return type. */
export type ApiAnswer<E> = E extends { handler(...args: never[]): Promise<infer R> }
  ? E extends { answer?: Answer<infer A> }
    ? [A] extends [never]
      ? R
      : A | Extract<R, Response>
    : R
  : unknown;

/**
 * One route as a server-side call. Plain: the answer's data (a thrown `APIError` for a
 * refusal). `asResponse: true`: the Response HTTP would give, refusals included.
 * `returnHeaders: true`: the data and the headers the route set (its cookies).
 */
export interface ApiMethod<C = ApiCall, R = unknown> {
  (call: C & { asResponse: true; returnHeaders?: false }): Promise<Response>;
  (call: C & { returnHeaders: true; asResponse?: false }): Promise<{ headers: Headers; response: R }>;
  (
    ...call: Empty extends C ? [call?: C & { asResponse?: false; returnHeaders?: false }] : [call: C & { asResponse?: false; returnHeaders?: false }]
  ): Promise<R>;
}

type ApiMethodOf<E> = ApiMethod<ApiCall<RouteTypes<E>['body'], RouteTypes<E>['query']>, ApiAnswer<E>>;

/** `auth.api` over a union of routes: each by its name, typed from its schemas and handler. */
export type ApiOf<E> = { [R in E as ApiNameOf<R>]: ApiMethodOf<R> };
