import { CORE_OPTION_KEYS } from '../options.js';
import { describeUnknownOptions, findUnknownOptions, keysOf, type OptionKeys, type UnknownOption } from '../option-keys.js';
import type { Plugin } from '../plugin.js';
import { adminOptionKeys } from './admin/config.js';
import { apiKeyOptionKeys } from './api-key/config.js';
import { emailOTPOptionKeys } from './email-otp/config.js';
import type { GatehouseOptions } from './index.js';
import { jwtOptionKeys } from './jwt/config.js';
import { magicLinkOptionKeys } from './magic-link/config.js';
import { metricsOptionKeys } from './metrics/config.js';
import { multiSessionOptionKeys } from './multi-session/config.js';
import { oidcProviderOptionKeys } from './oidc-provider/config.js';
import { organizationOptionKeys } from './organization/config.js';
import { passkeyOptionKeys } from './passkey/config.js';
import { passwordPolicyOptionKeys } from './password-policy/config.js';
import { scimOptionKeys } from './scim/config.js';
import { ssoOptionKeys } from './sso/config.js';
import { twoFactorOptionKeys } from './two-factor/config.js';
import { usernameOptionKeys } from './username/rules.js';
import { webhooksOptionKeys } from './webhooks/config.js';

/**
 * Every key `createAuth` knows, at every level: the core's and, under its key, each built-in
 * capability's. THE REGISTRATION POINT: a capability exports `<id>OptionKeys = keysOf<ItsOptions>({...})`
 * from its `config.ts` (`recordOf`/`listOf` for free-keyed records and lists, `true` for a value not
 * looked into) and adds one line here under the key it added to `GatehouseOptions`; the compiler
 * refuses a `GatehouseOptions` key missing here. A nested capability (e.g. `organization.teams`)
 * adds its keys inside its parent's `keysOf`. A library user's own plugin declares its top-level
 * keys with `Plugin.optionKeys`.
 */
export const GATEHOUSE_OPTION_KEYS: OptionKeys = keysOf<GatehouseOptions & { autoMigrate?: boolean }>({
  ...CORE_OPTION_KEYS,
  username: usernameOptionKeys,
  twoFactor: twoFactorOptionKeys,
  admin: adminOptionKeys,
  organization: organizationOptionKeys,
  passkey: passkeyOptionKeys,
  emailOTP: emailOTPOptionKeys,
  magicLink: magicLinkOptionKeys,
  multiSession: multiSessionOptionKeys,
  passwordPolicy: passwordPolicyOptionKeys,
  webhooks: webhooksOptionKeys,
  jwt: jwtOptionKeys,
  apiKey: apiKeyOptionKeys,
  metrics: metricsOptionKeys,
  oidcProvider: oidcProviderOptionKeys,
  scim: scimOptionKeys,
  sso: ssoOptionKeys,
  // The library user's own plugins (their options under `Plugin.optionKeys`).
  plugins: true,
  // createAuth's: false leaves the schema as it is (the CLI migrates).
  autoMigrate: true,
});

/**
 * The unknown keys of `options`, at every level: those neither Gatehouse nor one of
 * `options.plugins` (its `optionKeys`) nor `extra` (the server's own: port, host…) knows.
 */
export function unknownOptions(options: object, extra: OptionKeys = {}): UnknownOption[] {
  const plugins = (options as { plugins?: unknown }).plugins;
  const own = Array.isArray(plugins) ? plugins.map((p: Plugin) => p?.optionKeys ?? {}) : [];
  return findUnknownOptions(options, Object.assign({}, GATEHOUSE_OPTION_KEYS, ...own, extra));
}

/** Throws naming each unknown key with its path and the closest known key (createAuth calls it first). */
export function checkOptionKeys(options: object, extra: OptionKeys = {}): void {
  const found = unknownOptions(options, extra);
  if (found.length > 0) throw new Error(`Gatehouse options: ${describeUnknownOptions(found)}`);
}
