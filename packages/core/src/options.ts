import type { z } from 'zod';
import type { Database } from './db/dialect.js';
import type { DatabaseHooks } from './db/hooks.js';
import type { Row } from './db/types.js';
import type { I18nOptions } from './i18n/types.js';
import type { Logger } from './logger.js';
import type { Mail } from './mail/types.js';
import type { LockoutOptions } from './security/lockout.js';
import { keysOf, type OptionKeys, recordOf } from './option-keys.js';
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
  /** False: configured but not offered. */
  enabled?: boolean;
  /** True: only the option's `scope`, not the provider's default scopes. */
  disableDefaultScope?: boolean;
  /** Google (`access_type`), Dropbox (`token_access_type`, default 'offline'). */
  accessType?: string;
  /** Google: the hosted domain an account must belong to. */
  hd?: string;
  /** Reddit: the token's `duration` (default 'permanent'). */
  duration?: string;
  /** Microsoft: the Graph API base the profile photo is read from. */
  graphEndpoint?: string;
  /** Microsoft: do not read the profile photo. */
  disableProfilePhoto?: boolean;
  /** Microsoft: the profile photo's size in pixels (default 48). */
  profilePhotoSize?: number;
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
   * (en, de, fr, es built in); `messages` replaces any text by locale and key (docs/languages.md).
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

type Group<K extends keyof CoreOptions> = NonNullable<CoreOptions[K]>;

const ADDITIONAL_FIELD_KEYS = keysOf<AdditionalField>({
  type: true,
  required: true,
  input: true,
  returned: true,
  unique: true,
  defaultValue: true,
  validator: true,
  transform: true,
});

const PROVIDER_KEYS = keysOf<SocialProviderOptions>({
  clientId: true,
  clientSecret: true,
  scope: true,
  redirectURI: true,
  prompt: true,
  disableSignUp: true,
  disableImplicitSignUp: true,
  mapProfileToUser: true,
  authorizationEndpoint: true,
  tokenEndpoint: true,
  userInfoEndpoint: true,
  jwksEndpoint: true,
  issuer: true,
  tenantId: true,
  issuerBaseURL: true,
  enabled: true,
  disableDefaultScope: true,
  accessType: true,
  hd: true,
  duration: true,
  graphEndpoint: true,
  disableProfilePhoto: true,
  profilePhotoSize: true,
});

/** The providers of spec section 1 (social/providers/index.ts); another id under `socialProviders` is refused. */
const PROVIDER_IDS = [
  'apple',
  'discord',
  'facebook',
  'github',
  'microsoft',
  'google',
  'spotify',
  'twitch',
  'twitter',
  'dropbox',
  'linkedin',
  'gitlab',
  'reddit',
] as const;

/** Keys only some providers read (their files in social/providers/); another provider refuses them. */
const PROVIDER_ONLY: Partial<Record<keyof SocialProviderOptions, readonly string[]>> = {
  tenantId: ['microsoft'],
  graphEndpoint: ['microsoft'],
  disableProfilePhoto: ['microsoft'],
  profilePhotoSize: ['microsoft'],
  issuerBaseURL: ['gitlab'],
  accessType: ['google', 'dropbox'],
  hd: ['google'],
  duration: ['reddit'],
};

/** The keys one provider reads: the common ones and its own. */
function providerKeys(id: string): OptionKeys {
  return Object.fromEntries(Object.entries(PROVIDER_KEYS).filter(([key]) => PROVIDER_ONLY[key as keyof SocialProviderOptions]?.includes(id) ?? true));
}

/** The core's option keys, every level (option-keys.ts); a plugin's are in its `config.ts`, all assembled in plugins/option-keys.ts. */
export const CORE_OPTION_KEYS = keysOf<CoreOptions>({
  baseURL: true,
  basePath: true,
  secret: true,
  // A URL, or an open database (its own object).
  database: true,
  trustedOrigins: true,
  emailAndPassword: keysOf<Group<'emailAndPassword'>>({
    enabled: true,
    disableSignUp: true,
    requireEmailVerification: true,
    autoSignIn: true,
    minPasswordLength: true,
    maxPasswordLength: true,
    resetPasswordTokenExpiresIn: true,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: true,
  }),
  emailVerification: keysOf<Group<'emailVerification'>>({
    sendOnSignUp: true,
    autoSignInAfterVerification: true,
    expiresIn: true,
    sendVerificationEmail: true,
  }),
  email: keysOf<Group<'email'>>({ smtp: true, from: true, send: true }),
  session: keysOf<Group<'session'>>({
    expiresIn: true,
    updateAge: true,
    freshAge: true,
    cookieCache: keysOf<NonNullable<Group<'session'>['cookieCache']>>({ enabled: true, maxAge: true }),
  }),
  rateLimit: keysOf<Group<'rateLimit'>>({
    enabled: true,
    window: true,
    max: true,
    storage: true,
    // Path → rule (or false).
    customRules: recordOf(keysOf<{ window: number; max: number }>({ window: true, max: true })),
  }),
  advanced: keysOf<Group<'advanced'>>({ cookiePrefix: true, useSecureCookies: true, trustedProxies: true, maxBodySize: true }),
  user: keysOf<Group<'user'>>({
    additionalFields: recordOf(ADDITIONAL_FIELD_KEYS),
    changeEmail: keysOf<NonNullable<Group<'user'>['changeEmail']>>({ enabled: true, sendChangeEmailVerification: true }),
    deleteUser: keysOf<NonNullable<Group<'user'>['deleteUser']>>({ enabled: true, sendDeleteAccountVerification: true, beforeDelete: true, afterDelete: true }),
  }),
  account: keysOf<Group<'account'>>({
    accountLinking: keysOf<NonNullable<Group<'account'>['accountLinking']>>({ enabled: true, trustedProviders: true, allowDifferentEmails: true }),
    encryptTokens: true,
  }),
  socialProviders: Object.fromEntries(PROVIDER_IDS.map((id) => [id, providerKeys(id)])),
  // Locale → key → text: the core checks the locales and keys itself (i18n), naming them.
  i18n: keysOf<Group<'i18n'>>({ defaultLocale: true, messages: true }),
  lockout: keysOf<Group<'lockout'>>({ enabled: true, maxAttempts: true, window: true, duration: true }),
  databaseHooks: true,
  secondaryStorage: true,
  logger: true,
  now: true,
  production: true,
  branding: keysOf<Group<'branding'>>({ name: true, logoUrl: true, color: true }),
});
