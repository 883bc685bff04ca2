import { accountPlugin } from '../account/index.js';
import type { CoreOptions } from '../options.js';
import type { Plugin } from '../plugin.js';
import { socialPlugin } from '../social/index.js';
import { adminPlugin, type AdminOptions } from './admin/index.js';
import { apiKeyPlugin, type ApiKeyOptions } from './api-key/index.js';
import { emailOtpPlugin, type EmailOTPOptions } from './email-otp/index.js';
import { jwtPlugin, type JwtOptions } from './jwt/index.js';
import { magicLinkPlugin, type MagicLinkOptions } from './magic-link/index.js';
import { metricsPlugin, type MetricsOptions } from './metrics/index.js';
import { openApiPlugin } from './openapi/index.js';
import { organizationPlugin, type OrganizationOptions } from './organization/index.js';
import { multiSessionPlugin, type MultiSessionOptions } from './multi-session/index.js';
import { oidcProviderPlugin, type OidcProviderOptions } from './oidc-provider/index.js';
import { passkeyPlugin, type PasskeyOptions } from './passkey/index.js';
import { passwordPolicyPlugin, type PasswordPolicyOptions } from './password-policy/index.js';
import { scimPlugin, type ScimOptions } from './scim/index.js';
import { ssoPlugin, type SSOOptions } from './sso/index.js';
import { twoFactorPlugin, type TwoFactorOptions } from './two-factor/index.js';
import { usernamePlugin, type UsernameOptions } from './username/index.js';
import { webhooksPlugin, type WebhooksOptions } from './webhooks/index.js';

/**
 * Everything `createAuth` accepts (CONTRACT.md "Options object"); all optional: the core's
 * options and, under its key, each built-in plugin's own. A key added here is registered with
 * its option keys in plugins/option-keys.ts too (the unknown-key check; the compiler insists).
 */
export interface GatehouseOptions extends CoreOptions {
  username?: UsernameOptions;
  twoFactor?: TwoFactorOptions;
  admin?: AdminOptions;
  organization?: OrganizationOptions;
  /** Off unless `enabled`. */
  passkey?: PasskeyOptions;
  /** Off unless `enabled`. */
  emailOTP?: EmailOTPOptions;
  magicLink?: MagicLinkOptions;
  /** Several accounts in one browser; off unless `enabled`. */
  multiSession?: MultiSessionOptions;
  /** On by default (common passwords refused); `preset: 'nist-800-63b-4'` for NIST lengths. */
  passwordPolicy?: PasswordPolicyOptions;
  /** Signed event deliveries to registered URLs; off unless `enabled`. */
  webhooks?: WebhooksOptions;
  /** JWTs for your APIs (`GET /token`, `GET /jwks`); off unless `enabled`. */
  jwt?: JwtOptions;
  /** API keys (`x-api-key`); off unless `enabled`. */
  apiKey?: ApiKeyOptions;
  /** Prometheus metrics at `/metrics` behind a bearer token; off unless `enabled`. */
  metrics?: MetricsOptions;
  /** Gatehouse as an OpenID provider for your own apps; off unless `enabled`. */
  oidcProvider?: OidcProviderOptions;
  /** SCIM 2.0 provisioning of an organization's people and groups by its directory; off unless `enabled`. */
  scim?: ScimOptions;
  /** Enterprise SSO (SAML 2.0, OpenID Connect) per organization; off unless `enabled`. */
  sso?: SSOOptions;
  /** Extra plugins of the library user. */
  plugins?: Plugin[];
}

/** The built-in plugins' features, each off until its plugin says otherwise (`/providers`). */
export const BUILTIN_FEATURES: Record<string, boolean> = { username: false, twoFactor: false, organization: false, organizationTeams: false, organizationRoles: false, admin: false, passkey: false, emailOTP: false, magicLink: false, multiSession: false, webhooks: false, jwt: false, apiKey: false, oidcProvider: false, scim: false, sso: false };

/**
 * The built-in capabilities, each a plugin that its option can turn off. Adding one is
 * one line here. Account and social are the core's own flows (always present), plugged
 * in through the same seams.
 */
export function builtinPlugins(options: GatehouseOptions): Plugin[] {
  const list: (Plugin | null)[] = [];
  list.push(accountPlugin(options));
  list.push(options.username?.enabled === false ? null : usernamePlugin(options.username));
  list.push(options.organization?.enabled === false ? null : organizationPlugin(options.organization));
  list.push(options.admin?.enabled === false ? null : adminPlugin(options.admin));
  list.push(socialPlugin(options));
  list.push(options.twoFactor?.enabled === false ? null : twoFactorPlugin(options.twoFactor));
  list.push(options.passkey?.enabled ? passkeyPlugin(options.passkey) : null);
  list.push(options.emailOTP?.enabled ? emailOtpPlugin(options.emailOTP) : null);
  list.push(options.magicLink?.enabled ? magicLinkPlugin(options.magicLink) : null);
  list.push(options.multiSession?.enabled ? multiSessionPlugin(options.multiSession) : null);
  const { minPasswordLength: min, maxPasswordLength: max } = options.emailAndPassword ?? {};
  list.push(passwordPolicyPlugin(options.passwordPolicy, { min, max }));
  list.push(options.webhooks?.enabled ? webhooksPlugin(options.webhooks) : null);
  list.push(options.jwt?.enabled ? jwtPlugin(options.jwt) : null);
  list.push(options.apiKey?.enabled ? apiKeyPlugin(options.apiKey) : null);
  list.push(options.metrics?.enabled ? metricsPlugin(options.metrics) : null);
  list.push(options.oidcProvider?.enabled ? oidcProviderPlugin(options.oidcProvider) : null);
  list.push(options.scim?.enabled ? scimPlugin(options.scim, options.organization?.enabled !== false) : null);
  list.push(options.sso?.enabled ? ssoPlugin(options.sso) : null);
  // Last: its document describes every route (it reads them all at init either way).
  list.push(openApiPlugin());
  return list.filter((p): p is Plugin => p !== null);
}
