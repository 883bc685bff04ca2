import type { z } from 'zod';
import type { Database } from './db/dialect.js';
import type { DatabaseHooks } from './db/hooks.js';
import type { Row } from './db/types.js';
import type { I18nOptions } from './i18n/types.js';
import type { Logger } from './logger.js';
import type { Mail } from './mail/types.js';
import type { LockoutOptions } from './security/lockout.js';
import type { SecondaryStorage } from './storage/types.js';

export const DEFAULT_SECRET = 'gatehouse-development-secret-change-me-0000000000';

/** `emailAndPassword`'s password length bounds when not configured. */
export const DEFAULT_PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export interface AdditionalField {
  type: 'string' | 'number' | 'boolean' | 'date' | 'json';
  required?: boolean;
  input?: boolean;
  returned?: boolean;
  unique?: boolean;
  defaultValue?: unknown | (() => unknown);
  validator?: z.ZodType;
  transform?: (value: unknown) => unknown;
}

export interface SocialProviderOptions {
  clientId?: string;
  clientSecret?: string;
  scope?: string[];
  redirectURI?: string;
  prompt?: string;
  disableSignUp?: boolean;
  disableImplicitSignUp?: boolean;
  mapProfileToUser?: (profile: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  jwksEndpoint?: string;
  issuer?: string;
  /** Microsoft: tenant id (default 'common'). */
  tenantId?: string;
  /** GitLab: self-hosted base URL. */
  issuerBaseURL?: string;
  [key: string]: unknown;
}

/**
 * The core's options (CONTRACT.md "Options object"); all optional. Each plugin declares
 * its own (`plugins/<id>/options.ts`); `GatehouseOptions` (plugins/index.ts) is the two together.
 */
export interface CoreOptions {
  baseURL?: string;
  basePath?: string;
  /** One secret, or several: the first signs, all verify (rotation). */
  secret?: string | string[];
  /** A URL (`file:`, `postgres://`, `mysql://`) or an open database. */
  database?: string | Database;
  trustedOrigins?: string[];
  emailAndPassword?: {
    enabled?: boolean;
    disableSignUp?: boolean;
    requireEmailVerification?: boolean;
    autoSignIn?: boolean;
    minPasswordLength?: number;
    maxPasswordLength?: number;
    resetPasswordTokenExpiresIn?: number;
    revokeSessionsOnPasswordReset?: boolean;
    sendResetPassword?: (data: { user: Row; url: string; token: string }) => Promise<void>;
  };
  emailVerification?: {
    sendOnSignUp?: boolean;
    autoSignInAfterVerification?: boolean;
    expiresIn?: number;
    sendVerificationEmail?: (data: { user: Row; url: string; token: string }) => Promise<void>;
  };
  email?: { smtp?: string; from?: string; send?: (mail: Mail) => Promise<void> };
  session?: {
    expiresIn?: number;
    updateAge?: number;
    freshAge?: number;
    cookieCache?: { enabled?: boolean; maxAge?: number };
  };
  rateLimit?: {
    enabled?: boolean;
    window?: number;
    max?: number;
    storage?: 'memory' | 'database' | 'secondary-storage';
    customRules?: Record<string, { window: number; max: number } | false>;
  };
  advanced?: {
    cookiePrefix?: string;
    useSecureCookies?: boolean;
    /** Addresses of reverse proxies whose X-Forwarded-For is believed. `true`: any. */
    trustedProxies?: string[] | boolean;
    /** Body size limit in bytes (default 1 MiB). */
    maxBodySize?: number;
  };
  user?: {
    additionalFields?: Record<string, AdditionalField>;
    changeEmail?: { enabled?: boolean; sendChangeEmailVerification?: (data: { user: Row; newEmail: string; url: string; token: string }) => Promise<void> };
    deleteUser?: {
      enabled?: boolean;
      sendDeleteAccountVerification?: (data: { user: Row; url: string; token: string }) => Promise<void>;
      beforeDelete?: (user: Row) => Promise<void> | void;
      afterDelete?: (user: Row) => Promise<void> | void;
    };
  };
  account?: {
    accountLinking?: { enabled?: boolean; trustedProviders?: string[]; allowDifferentEmails?: boolean };
    encryptTokens?: boolean;
  };
  socialProviders?: Record<string, SocialProviderOptions | undefined>;
  /**
   * Languages (always on): error messages and mails in the request's or the recipient's language
   * (en, de, fr, es built in); `messages` replaces any text by locale and key (README "Languages").
   */
  i18n?: I18nOptions;
  /** Per-identity lockout after repeated failed sign-ins (default on: 10 failures in 900 s lock for 900 s). */
  lockout?: LockoutOptions;
  databaseHooks?: DatabaseHooks;
  secondaryStorage?: SecondaryStorage;
  logger?: Logger;
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
  /** True when running with NODE_ENV=production (the server passes it; the library never reads env). */
  production?: boolean;
  /** How the app presents the service (`GET /providers` hands it on): its name, logo and accent colour. */
  branding?: Branding;
}

/** The app's name, logo (an https URL or a path on this server) and accent colour (a CSS hex colour). */
export interface Branding {
  name?: string;
  logoUrl?: string;
  color?: string;
}
