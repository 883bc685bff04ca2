import type { z } from 'zod';
import type { Answer, Method } from './endpoint.js';

// Types only: this module names the route lists with `import type`, so a client that
// imports `GatehouseRoutes` (type-only) pulls no server code into its bundle.

/** What a schema accepts from a caller; `undefined` for a route that declares none. */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** A JSON value as `JSON.parse` gives it back. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * What `JSON.stringify(value)` then `JSON.parse` gives back, as a type: dates become
 * strings, `undefined` fields and functions disappear, and a row's open index signature
 * (`Row`) gives way to its declared fields.
 */
export type Jsonify<T> = unknown extends T
  ? unknown
  : T extends Date
    ? string
    : T extends string | number | boolean | null
      ? T
      : T extends { toJSON(): infer J }
        ? J
        : T extends readonly (infer I)[]
          ? Jsonify<I>[]
          : T extends object
            ? string extends keyof T
              ? KnownKeys<T> extends never
                ? { [key: string]: JsonValue | undefined }
                : JsonifyObject<Pick<T, KnownKeys<T>>>
              : JsonifyObject<T>
            : never;
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };
type JsonifyObject<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonify<T[K]>;
};

/** A route's JSON answer: the one it declares (`answer: answerOf<T>()`), else its handler's, as JSON. */
export type AnswerOf<E> = E extends { answer?: Answer<infer A> } ? ([A] extends [never] ? HandlerAnswer<E> : Jsonify<A>) : HandlerAnswer<E>;
type HandlerAnswer<E> = E extends { handler(...args: never[]): Promise<infer R> } ? Jsonify<Exclude<R, Response>> : unknown;

/**
 * The types of one route, as its callers see them: `method` (as declared), `body` (what
 * the JSON body may hold), `query` (what the query string may; each `undefined` when the
 * route declares no schema), `answer` (its JSON answer) and `changesSession`.
 */
export interface RouteTypes<E> {
  method: E extends { method: infer M } ? M : Method;
  body: E extends { body?: infer S } ? InputOf<NonNullable<S>> : undefined;
  query: E extends { query?: infer S } ? InputOf<NonNullable<S>> : undefined;
  answer: AnswerOf<E>;
  changesSession: E extends { changesSession?: infer C } ? ([C] extends [true] ? true : false) : false;
}

/** The types of a union of routes, keyed by path. */
export type RoutesOf<E> = { [R in E as R extends { path: infer P extends string } ? P : never]: RouteTypes<R> };

/** Paths a client calls: not those with a path parameter (mailed links, provider callbacks). */
type CallablePath<P> = P extends `${string}:${string}` ? never : P;

/**
 * A capability's client side (`plugins/<id>/client.ts`): plain data the browser can
 * load, whose type is derived from the capability's routes, so that it cannot drift
 * from them: `methods` must name every callable route with exactly its declared method,
 * and `changesSession` exactly the routes that declare `changesSession`.
 * `R` is `RoutesOf<…>` of its routes; `S` the names of the change signals it bumps.
 */
export interface ClientPlugin<R, S extends string = never> {
  id: string;
  /** Each call's HTTP method, as its route declares it. */
  methods: { [P in keyof R as CallablePath<P>]: R[P] extends { method: infer M } ? M : never };
  /** The calls after whose success the client refetches the session view. */
  changesSession: { [P in keyof R as R[P] extends { changesSession: true } ? CallablePath<P> : never]: true };
  /** Change signals bumped after a successful call (views that must reload, e.g. an organization's). */
  signals?: { readonly [K in S]: readonly CallablePath<keyof R>[] };
  /** Type only (never set): the routes, whence a client's calls take their inputs and answers. */
  readonly $routes?: R;
}
