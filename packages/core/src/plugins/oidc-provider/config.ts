import { z } from 'zod';
import { callback, httpURL, wholeNumber } from '../../kit.js';

/** The `oidcProvider` options: Gatehouse as an OpenID provider for your own apps. Off unless `enabled`. */
export const oidcProviderOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** Where the React app is (its sign-in and consent pages); default: the base URL's origin. */
  appURL: httpURL().optional(),
  /** Lifetimes in seconds (at least 60). */
  accessTokenTTL: wholeNumber(60).optional(),
  idTokenTTL: wholeNumber(60).optional(),
  refreshTokenTTL: wholeNumber(60).optional(),
  /**
   * Where the provider keeps its sessions, codes, tokens and grants: `database` (default) or
   * `secondary-storage` (the `secondaryStorage` option, e.g. Redis from REDIS_URL).
   */
  storage: z.enum(['database', 'secondary-storage']).optional(),
  /** Seconds an ID-token signing key signs before a new one takes over (default 30 days, at least an hour). */
  keyRotationInterval: wholeNumber(3600).optional(),
  /** Keys signing the cookies of the provider's own flow; default: derived from the auth secret. */
  cookieKeys: z.array(z.string().min(1)).optional(),
  /**
   * The fetch the provider calls apps with (back-channel logout). Default: oidc-provider's, which
   * refuses private and loopback addresses (SSRF protection); replace it only to allow those.
   */
  fetch: callback<(url: URL | string, init: RequestInit) => Promise<Response>>().optional(),
  /**
   * The device authorization grant (RFC 8628) at `/oidc/device/auth`, for CLIs, TVs and agents:
   * the person enters the code at the app's `/device` page. Off by default; an application also
   * needs its own `deviceFlow` setting.
   */
  deviceFlow: z.boolean().optional(),
  /** Seconds a device client waits between two polls of the token endpoint (faster: `slow_down`); default 5. */
  devicePollInterval: wholeNumber(1).optional(),
  /** Seconds a device code and its user code stay valid; default 600. */
  deviceCodeTTL: wholeNumber(1).optional(),
  /**
   * Dynamic client registration (RFC 7591) at `/oidc/register`, only with an initial access token
   * an admin issued. Off by default.
   */
  dynamicRegistration: z.boolean().optional(),
  /** Seconds an initial access token stays valid; default 1 day. */
  initialAccessTokenTTL: wholeNumber(1).optional(),
});

export type OidcProviderOptions = z.input<typeof oidcProviderOptions>;

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
