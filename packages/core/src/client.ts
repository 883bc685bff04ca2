/**
 * The client side of every built-in capability, for `@gatehouse/client`
 * (`createAuthClient({ plugins: gatehouseClients })`). Data only: each module imports
 * the server's routes as types, so a browser bundle gets none of the server.
 * Adding a capability is its `client.ts` and one line here.
 */
import { accountClient } from './account/client.js';
import { adminClient } from './plugins/admin/client.js';
import { apiKeyClient } from './plugins/api-key/client.js';
import { emailOtpClient } from './plugins/email-otp/client.js';
import { jwtClient } from './plugins/jwt/client.js';
import { magicLinkClient } from './plugins/magic-link/client.js';
import { multiSessionClient } from './plugins/multi-session/client.js';
import { oidcProviderClient } from './plugins/oidc-provider/client.js';
import { organizationClient } from './plugins/organization/client.js';
import { passkeyClient } from './plugins/passkey/client.js';
import { scimClient } from './plugins/scim/client.js';
import { ssoClient } from './plugins/sso/client.js';
import { twoFactorClient } from './plugins/two-factor/client.js';
import { usernameClient } from './plugins/username/client.js';
import { webhooksClient } from './plugins/webhooks/client.js';
import { coreClient } from './routes/client.js';
import { socialClient } from './social/client.js';

export {
  accountClient,
  adminClient,
  apiKeyClient,
  coreClient,
  emailOtpClient,
  jwtClient,
  magicLinkClient,
  multiSessionClient,
  oidcProviderClient,
  organizationClient,
  passkeyClient,
  scimClient,
  socialClient,
  ssoClient,
  twoFactorClient,
  usernameClient,
  webhooksClient,
};
export { DEFAULT_ROLES, hasPermission, roleNames, type Roles, type Statements } from './plugins/organization/client.js';
export type { ClientPlugin, Jsonify, JsonValue, RouteTypes, RoutesOf } from './route-types.js';
export type { PublicSession, PublicUser, SessionAnswer } from './public-types.js';
export type { PasswordPolicyInfo } from './plugins/password-policy/client.js';

/** Every built-in capability's client side. */
export const gatehouseClients = [
  coreClient,
  accountClient,
  socialClient,
  usernameClient,
  twoFactorClient,
  organizationClient,
  adminClient,
  passkeyClient,
  emailOtpClient,
  magicLinkClient,
  multiSessionClient,
  webhooksClient,
  jwtClient,
  apiKeyClient,
  oidcProviderClient,
  ssoClient,
  scimClient,
] as const;
