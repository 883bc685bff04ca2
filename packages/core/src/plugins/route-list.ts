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

// Types only, beside the runtime list in index.ts: route-types.ts derives GatehouseRoutes
// from this union, so the core outside plugins/ names no plugin. A new capability adds
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
