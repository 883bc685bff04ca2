import type { Answer } from '../endpoint.js';
import type { Row } from '../db/types.js';
import type { PublicSession, PublicUser } from '../public-types.js';
import type { RoutesOf } from '../route-types.js';
import type { accountRoutes, deleteUserRoutes } from '../account/index.js';
import type { coreRoutes } from '../routes/index.js';
import type { socialRoutes } from '../social/index.js';
import type { adminRoutes } from './admin/index.js';
import type { apiKeyRoutes } from './api-key/index.js';
import type { jwtRoutes } from './jwt/index.js';
import type { emailOtpRoutes } from './email-otp/index.js';
import type { magicLinkRoutes } from './magic-link/index.js';
import type { metricsRoutes } from './metrics/index.js';
import type { multiSessionRoutes } from './multi-session/index.js';
import type { openApiRoutes } from './openapi/index.js';
import type { oidcProviderRoutes } from './oidc-provider/index.js';
import type { organizationRoutes } from './organization/index.js';
import type { scimRoutes } from './scim/index.js';
import type { ssoRoutes } from './sso/index.js';
import type { twoFactorRoutes } from './two-factor/index.js';
import type { usernameRoutes } from './username/index.js';
import type { webhooksRoutes } from './webhooks/index.js';

// Types only, beside the runtime list in index.ts: GatehouseRoutes (below) derives from
// this union; route-types.ts, which plugins use through the kit, names no plugin. A new capability adds
// its route list here and its plugin in index.ts.

/** Every route of the core and of the built-in plugins (whether or not an option turns it off). */
export type BuiltinEndpoint =
  | (typeof coreRoutes)[number]
  | (typeof accountRoutes)[number]
  | (typeof deleteUserRoutes)[number]
  | (typeof socialRoutes)[number]
  | (typeof usernameRoutes)[number]
  | (typeof twoFactorRoutes)[number]
  | (typeof magicLinkRoutes)[number]
  | ReturnType<typeof organizationRoutes>[number]
  | ReturnType<typeof adminRoutes>[number]
  | (typeof emailOtpRoutes)[number]
  | (typeof multiSessionRoutes)[number]
  | (typeof webhooksRoutes)[number]
  | (typeof jwtRoutes)[number]
  | (typeof apiKeyRoutes)[number]
  | (typeof metricsRoutes)[number]
  | (typeof openApiRoutes)[number]
  | ReturnType<typeof oidcProviderRoutes>[number]
  | (typeof scimRoutes)[number]
  | ReturnType<typeof ssoRoutes>[number];

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
