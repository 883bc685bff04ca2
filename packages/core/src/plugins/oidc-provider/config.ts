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
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const oidcProviderOptionKeys = keysOf<OidcProviderOptions>({ enabled: true, appURL: true, accessTokenTTL: true, idTokenTTL: true, refreshTokenTTL: true, storage: true, keyRotationInterval: true, cookieKeys: true, fetch: true });

export interface OidcProviderConfig {
  appURL: string;
  accessTokenTTL: number;
  idTokenTTL: number;
  refreshTokenTTL: number;
  storage: 'database' | 'secondary-storage';
  keyRotationInterval: number;
  cookieKeys?: string[];
  fetch?: OidcProviderOptions['fetch'];
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
  };
}
