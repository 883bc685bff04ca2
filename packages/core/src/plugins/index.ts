import { accountPlugin } from '../account/index.js';
import type { AnyCapability, OptionsOf } from '../capability.js';
import type { CoreOptions } from '../options.js';
import type { Plugin } from '../plugin.js';
import { socialPlugin } from '../social/index.js';
import { adminCapability } from './admin/manifest.js';
import { apiKeyCapability } from './api-key/manifest.js';
import { emailOTPCapability } from './email-otp/manifest.js';
import { jwtCapability } from './jwt/manifest.js';
import { magicLinkCapability } from './magic-link/manifest.js';
import { metricsCapability } from './metrics/manifest.js';
import { multiSessionCapability } from './multi-session/manifest.js';
import { oidcProviderCapability } from './oidc-provider/manifest.js';
import { openApiPlugin } from './openapi/index.js';
import { organizationCapability } from './organization/manifest.js';
import { passkeyCapability } from './passkey/manifest.js';
import { passwordPolicyCapability } from './password-policy/manifest.js';
import { scimCapability } from './scim/manifest.js';
import { ssoCapability } from './sso/manifest.js';
import { twoFactorCapability } from './two-factor/manifest.js';
import { usernameCapability } from './username/manifest.js';
import { webhooksCapability } from './webhooks/manifest.js';

/**
 * THE LIST of built-in capabilities, each its folder's `manifest.ts`. Adding a capability is its
 * folder and one line here: the options type, the unknown-key check (option-keys.ts), the
 * features `/providers` reports, the plugins of an instance, the route types (route-list.ts) and
 * the tests' "everything on" options all come from this list. Its order is the plugins' order
 * (their hooks run in it).
 */
export const CAPABILITIES = [
  usernameCapability,
  organizationCapability,
  adminCapability,
  twoFactorCapability,
  passkeyCapability,
  emailOTPCapability,
  magicLinkCapability,
  multiSessionCapability,
  passwordPolicyCapability,
  webhooksCapability,
  jwtCapability,
  apiKeyCapability,
  metricsCapability,
  oidcProviderCapability,
  scimCapability,
  ssoCapability,
] as const;

type BuiltinCapability = (typeof CAPABILITIES)[number];

/**
 * Everything `createAuth` accepts (CONTRACT.md "Options object"); all optional: the core's
 * options and, under its key, each built-in capability's own (see its manifest and docs page).
 */
export type GatehouseOptions = CoreOptions & { [C in BuiltinCapability as C['key']]?: OptionsOf<C> } & {
  /** Extra plugins of the library user. */
  plugins?: Plugin[];
};

/** The built-in capabilities' features, each false until its plugin says otherwise (`/providers`). */
export const BUILTIN_FEATURES: Record<string, boolean> = Object.fromEntries(CAPABILITIES.flatMap((c) => c.features.map((f) => [f, false])));

/** True when these options switch the capability on. */
function switchedOn(capability: AnyCapability, own: { enabled?: boolean } | undefined): boolean {
  if (capability.switch === 'always') return true;
  if (capability.switch === 'on-unless-disabled') return own?.enabled !== false;
  return own?.enabled === true;
}

/**
 * The plugins of an instance: the core's own flows (account, social sign-in), each capability
 * its options switch on, and last the OpenAPI document, which describes every route.
 */
export function builtinPlugins(options: GatehouseOptions): Plugin[] {
  const all = options as GatehouseOptions & Record<string, { enabled?: boolean } | undefined>;
  const list: Plugin[] = [accountPlugin(options), socialPlugin(options)];
  for (const capability of CAPABILITIES as readonly AnyCapability[]) {
    const own = all[capability.key];
    if (switchedOn(capability, own)) list.push(capability.plugin(own, options));
  }
  list.push(openApiPlugin());
  return list;
}

/** Options that switch every built-in capability and each of its parts on (tests that see every route and code). */
export const EVERYTHING_ON: GatehouseOptions = Object.fromEntries(
  (CAPABILITIES as readonly AnyCapability[]).filter((c) => c.everythingOn).map((c) => [c.key, c.everythingOn]),
);
