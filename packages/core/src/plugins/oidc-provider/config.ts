import { keysOf } from '../../kit.js';
/** The `oidcProvider` options: Gatehouse as an OpenID provider for your own apps. Off unless `enabled`. */
export interface OidcProviderOptions {
  enabled?: boolean;
  /** Where the React app is (its sign-in and consent pages); default: the base URL's origin. */
  appURL?: string;
  /** Lifetimes in seconds. */
  accessTokenTTL?: number;
  idTokenTTL?: number;
  refreshTokenTTL?: number;
  /**
   * Where the provider keeps its sessions, codes, tokens and grants: `database` (default) or
   * `secondary-storage` (the `secondaryStorage` option, e.g. Redis from REDIS_URL).
   */
  storage?: 'database' | 'secondary-storage';
  /** Seconds an ID-token signing key signs before a new one takes over (default 30 days). */
  keyRotationInterval?: number;
  /** Keys signing the cookies of the provider's own flow; default: derived from the auth secret. */
  cookieKeys?: string[];
  /**
   * The fetch the provider calls apps with (back-channel logout). Default: oidc-provider's, which
   * refuses private and loopback addresses (SSRF protection); replace it only to allow those.
   */
  fetch?: (url: URL | string, init: RequestInit) => Promise<Response>;
  /**
   * The device authorization grant (RFC 8628) at `/oidc/device/auth`, for CLIs, TVs and agents:
   * the person enters the code at the app's `/device` page. Off by default; an application also
   * needs its own `deviceFlow` setting.
   */
  deviceFlow?: boolean;
  /** Seconds a device client waits between two polls of the token endpoint (faster: `slow_down`); default 5. */
  devicePollInterval?: number;
  /** Seconds a device code and its user code stay valid; default 600. */
  deviceCodeTTL?: number;
  /**
   * Dynamic client registration (RFC 7591) at `/oidc/register`, only with an initial access token
   * an admin issued. Off by default.
   */
  dynamicRegistration?: boolean;
  /** Seconds an initial access token stays valid; default 1 day. */
  initialAccessTokenTTL?: number;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const oidcProviderOptionKeys = keysOf<OidcProviderOptions>({
  enabled: true,
  appURL: true,
  accessTokenTTL: true,
  idTokenTTL: true,
  refreshTokenTTL: true,
  storage: true,
  keyRotationInterval: true,
  cookieKeys: true,
  fetch: true,
  deviceFlow: true,
  devicePollInterval: true,
  deviceCodeTTL: true,
  dynamicRegistration: true,
  initialAccessTokenTTL: true,
});

export interface OidcProviderConfig {
  appURL: string;
  accessTokenTTL: number;
  idTokenTTL: number;
  refreshTokenTTL: number;
  storage: 'database' | 'secondary-storage';
  keyRotationInterval: number;
  cookieKeys?: string[];
  fetch?: OidcProviderOptions['fetch'];
  deviceFlow: boolean;
  devicePollInterval: number;
  deviceCodeTTL: number;
  dynamicRegistration: boolean;
  initialAccessTokenTTL: number;
}

export function resolveOidcOptions(o: OidcProviderOptions, baseURL: string): OidcProviderConfig {
  return {
    appURL: (o.appURL ?? new URL(baseURL).origin).replace(/\/$/, ''),
    accessTokenTTL: o.accessTokenTTL ?? 3600,
    idTokenTTL: o.idTokenTTL ?? 3600,
    refreshTokenTTL: o.refreshTokenTTL ?? 30 * 24 * 3600,
    storage: o.storage ?? 'database',
    keyRotationInterval: o.keyRotationInterval ?? 30 * 24 * 3600,
    ...(o.cookieKeys ? { cookieKeys: o.cookieKeys } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
    deviceFlow: o.deviceFlow ?? false,
    devicePollInterval: o.devicePollInterval ?? 5,
    deviceCodeTTL: o.deviceCodeTTL ?? 600,
    dynamicRegistration: o.dynamicRegistration ?? false,
    initialAccessTokenTTL: o.initialAccessTokenTTL ?? 24 * 3600,
  };
}
