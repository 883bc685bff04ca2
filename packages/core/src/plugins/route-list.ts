import type { Answer } from '../endpoint.js';
import type { Row } from '../db/types.js';
import type { PublicSession, PublicUser } from '../public-types.js';
import type { RoutesOf } from '../route-types.js';
import type { accountRoutes, deleteUserRoutes } from '../account/index.js';
import type { coreRoutes } from '../routes/index.js';
import type { socialRoutes } from '../social/index.js';
import type { EndpointOf } from '../capability.js';
import type { openApiRoutes } from './openapi/index.js';
import type { CAPABILITIES } from './index.js';

// Types only: the capabilities' routes come from their manifests (index.ts's one list);
// route-types.ts, which plugins use through the kit, names no plugin.

/** Every route of the core and of the built-in plugins (whether or not an option turns it off). */
export type BuiltinEndpoint =
  | (typeof coreRoutes)[number]
  | (typeof accountRoutes)[number]
  | (typeof deleteUserRoutes)[number]
  | (typeof socialRoutes)[number]
  | (typeof openApiRoutes)[number]
  | EndpointOf<(typeof CAPABILITIES)[number]>;

/**
 * The request and answer types of every built-in route, keyed by path, from the routes'
 * zod schemas and handlers. Rename a field on the server and every client typed from
 * this map stops compiling.
 *
 * @example
 * type SignUp = GatehouseRoutes['/sign-up/email']['body']; // { name: string; email: string; … }
 */
export type GatehouseRoutes = RoutesOf<BuiltinEndpoint>;

/**
 * A declared answer as the handler builds it: users and sessions are still rows (`Row`,
 * shaped by the schema at run time), dates still `Date`s.
 */
type AsBuilt<A> = A extends PublicUser | PublicSession
  ? Row
  : A extends Date | string | number | boolean | null | undefined
    ? A
    : A extends readonly (infer I)[]
      ? AsBuilt<I>[]
      : { [K in keyof A]: AsBuilt<A[K]> };
type Built<E> = E extends { handler(...args: never[]): Promise<infer R> } ? Exclude<R, Response> : never;
/** The paths whose declared answer (`answerOf`) is not what their handler returns (a handler that returns `unknown` cannot be checked). */
type DisagreeingAnswers = {
  [E in BuiltinEndpoint as E extends { path: infer P extends string; answer?: Answer<infer A> }
    ? [A] extends [never]
      ? never
      : unknown extends Built<E>
        ? never
        : Built<E> extends AsBuilt<A>
          ? never
          : P
    : never]: true;
};
type NoneOf<T extends never> = T;
/** Fails to compile, naming the route, when a declared answer drifts from its handler. */
export type DeclaredAnswersAgree = NoneOf<keyof DisagreeingAnswers>;
