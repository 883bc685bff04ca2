import type { z } from 'zod';
import type { accountRoutes, deleteUserRoutes } from './account/index.js';
import type { adminRoutes } from './plugins/admin/index.js';
import type { organizationRoutes } from './plugins/organization/index.js';
import type { twoFactorRoutes } from './plugins/two-factor/index.js';
import type { usernameRoutes } from './plugins/username/index.js';
import type { coreRoutes } from './routes/index.js';
import type { socialRoutes } from './social/index.js';

// Types only: this module names the route lists with `import type`, so a client that
// imports `GatehouseRoutes` (type-only) pulls no server code into its bundle.

/** Every route of the core and of the built-in plugins (whether or not an option turns it off). */
type BuiltinEndpoint =
  | (typeof coreRoutes)[number]
  | (typeof accountRoutes)[number]
  | (typeof deleteUserRoutes)[number]
  | (typeof socialRoutes)[number]
  | (typeof usernameRoutes)[number]
  | (typeof twoFactorRoutes)[number]
  | ReturnType<typeof organizationRoutes>[number]
  | ReturnType<typeof adminRoutes>[number];

/** What a schema accepts from a caller; `undefined` for a route that declares none. */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/**
 * The request types of every built-in route, keyed by path, from the routes' zod
 * schemas: `body` is what the JSON body may hold, `query` what the query string may
 * (each `undefined` when the route declares no schema). Rename a field on the server
 * and every client typed from this map stops compiling.
 *
 * @example
 * type SignUp = GatehouseRoutes['/sign-up/email']['body']; // { name: string; email: string; … }
 */
export type GatehouseRoutes = {
  [E in BuiltinEndpoint as E['path']]: {
    body: InputOf<NonNullable<E['body']>>;
    query: InputOf<NonNullable<E['query']>>;
  };
};
