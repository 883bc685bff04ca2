import { Encrypter } from './crypto/encrypt.js';
import { TokenSigner } from './crypto/jwt.js';
import { hashPassword, verifyPassword, type HashFor } from './crypto/password.js';
import { Signer } from './crypto/sign.js';
import { BackgroundTasks } from './background.js';
import { Adapter } from './db/adapter.js';
import { openDatabase, type Database } from './db/dialect.js';
import type { DatabaseHooks } from './db/hooks.js';
import { coreSchema, mergeSchema, type Schema } from './db/schema.js';
import type { Row } from './db/types.js';
import { cookieNames, type CookieNames } from './cookies.js';
import { CORE_MESSAGES } from './i18n/core-messages.js';
import { Translator } from './i18n/translator.js';
import type { MessageSource } from './i18n/types.js';
import { consoleLogger, type Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import type { Observer } from './observe.js';
import { DEFAULT_PASSWORD_LENGTH, DEFAULT_SECRET, type CoreOptions } from './options.js';
import { OriginPolicy } from './origin.js';
import { DatabaseRateStore, MemoryRateStore, SecondaryRateStore, type RateLimitStore, type RateRule } from './rate-limit.js';
import { type AccountAdopter, AccountAdoption } from './security/adoption.js';
import { AuditLog } from './security/audit.js';
import { Lockout } from './security/lockout.js';
import { LOCKOUT_MESSAGES } from './security/lockout-translations.js';
import { type PasswordCheck, PasswordRules, type SecondFactorProbe } from './security/password-rules.js';
import { RateLimiter } from './security/rate-limiter.js';
import { SessionManager } from './session/manager.js';
import type { SessionRow } from './session/types.js';
import type { SessionSource } from './request-scope.js';
import type { SecondaryStorage } from './storage/types.js';
import { publicRow } from './user-fields.js';

/** Options with every default the core relies on filled in. */
export function resolveOptions(o: CoreOptions) {
  const baseURL = checkBaseURL((o.baseURL ?? 'http://localhost:3000').replace(/\/+$/, ''));
  const production = !!o.production;
  return {
    ...o,
    baseURL,
    basePath: normalizeBasePath(o.basePath ?? '/api/auth'),
    secrets: typeof o.secret === 'string' ? [o.secret] : o.secret?.length ? o.secret : [DEFAULT_SECRET],
    production,
    emailAndPassword: {
      enabled: true,
      disableSignUp: false,
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: DEFAULT_PASSWORD_LENGTH.min as number,
      maxPasswordLength: DEFAULT_PASSWORD_LENGTH.max as number,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: false,
      ...o.emailAndPassword,
    },
    emailVerification: { sendOnSignUp: false, autoSignInAfterVerification: false, expiresIn: 3600, ...o.emailVerification },
    email: { from: 'Gatehouse <no-reply@localhost>', ...o.email },
    session: {
      expiresIn: 604800,
      updateAge: 86400,
      freshAge: 86400,
      ...o.session,
      cookieCache: { enabled: false, maxAge: 300, ...o.session?.cookieCache },
    },
    rateLimit: { enabled: production, window: 10, max: 100, storage: 'memory' as const, customRules: {}, ...o.rateLimit },
    advanced: { cookiePrefix: 'better-auth', maxBodySize: 1024 * 1024, ...o.advanced },
    user: {
      ...o.user,
      changeEmail: { enabled: true, ...o.user?.changeEmail },
      deleteUser: { enabled: true, ...o.user?.deleteUser },
    },
    account: {
      encryptTokens: true,
      ...o.account,
      accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: false, ...o.account?.accountLinking },
    },
  };
}

export type ResolvedOptions = ReturnType<typeof resolveOptions>;

/** The base URL every link and cookie is made from: an absolute http(s) URL, else 'Invalid base URL' (spec section 8). */
function checkBaseURL(baseURL: string): string {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new Error('Invalid base URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Invalid base URL');
  return baseURL;
}

function normalizeBasePath(p: string): string {
  const trimmed = `/${p.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

export interface AuthContext {
  options: ResolvedOptions;
  baseURL: string;
  basePath: string;
  secureCookies: boolean;
  cookies: CookieNames;
  schema: Schema;
  database: Database;
  adapter: Adapter;
  signer: Signer;
  encrypter: Encrypter;
  tokens: TokenSigner;
  sessions: SessionManager;
  lockout: Lockout;
  audit: AuditLog;
  /** A mailbox-proving sign-in's takeover of an unverified account (account pre-hijacking): security/adoption.ts. */
  adoption: AccountAdoption;
  origins: OriginPolicy;
  rateStore: RateLimitStore;
  rateLimiter: RateLimiter;
  logger: Logger;
  mailer: Mailer;
  /** Every answered and mailed text in every supported language (the `i18n` option over the built-in words). */
  i18n: Translator;
  /** What the app may offer, by feature name (`/providers`): each plugin says which it brings. */
  features: Record<string, FeatureValue>;
  secondaryStorage?: SecondaryStorage;
  now(): number;
  password: {
    /** `owner`: the request the hash is for (its `clientGone`); a hash for a client gone while it waited throws ClientGoneError. */
    hash(p: string, owner?: HashFor): Promise<string>;
    verify(hash: string, p: string, owner?: HashFor): Promise<boolean>;
    /** Judges a new password wherever one is set (lengths, then the plugins' checks); throws an APIError to refuse. */
    check(password: string, owner: { userId: string | null }): Promise<void>;
    /** Whether a password sign-in of this user goes on to a second factor (the plugins' probes). */
    hasSecondFactor(userId: string | null): Promise<boolean>;
  };
  publicUser(row: Row): Row;
  publicSession(row: Row): Row;
  /** A full URL under the auth base path, e.g. `url('/verify-email')`. */
  url(path: string): string;
  /** Plugin-owned services, keyed by plugin id. */
  extensions: Record<string, unknown>;
  /** Work that runs after the answer (mails whose timing must not show); `settle()` awaits it. */
  background: BackgroundTasks;
}

/**
 * A feature as `/providers` answers it: on or off, or (for a policy the app shows, such as the
 * password policy's lengths) a small flat object of its settings.
 */
export type FeatureValue = boolean | { readonly [setting: string]: string | number | boolean };

/** What a database-hook factory is given: the finished data layer and the clock. */
export interface HookServices {
  adapter: Adapter;
  now(): number;
}

/** Database hooks as a plugin gives them: a set, or a factory over the data layer. */
export type HookSource = DatabaseHooks | ((services: HookServices) => DatabaseHooks);

/** What the plugins bring to the context, gathered by whoever assembles them (`createAuth`). */
export interface ContextParts {
  /** Schema contributions, merged over the core's tables. */
  schemas: readonly (Partial<Schema> | undefined)[];
  /** Database hooks; run after the options' own, in this order. */
  databaseHooks: readonly HookSource[];
  /** Rate-limit rules by declared path. */
  rateRules: Record<string, RateRule>;
  features: Record<string, FeatureValue>;
  /** Checks of a new password, run after the length bounds, in this order. */
  passwordChecks: readonly PasswordCheck[];
  /** Probes that say whether a user's password sign-in needs a second factor. */
  secondFactors: readonly SecondFactorProbe[];
  /** The plugins' parts of an account adoption (`Plugin.onAccountAdopted`), in plugin order. */
  adopters?: readonly AccountAdopter[];
  /** Sessions that list-sessions leaves out, by the plugins' predicates. */
  hiddenSessions: readonly ((session: SessionRow) => boolean)[];
  /** Other ways than the cookie of saying whose a request is, each made from the finished context. */
  sessionSources?: readonly ((auth: AuthContext) => SessionSource)[];
  /** The plugins' observers, joined (`observe.ts`); absent when none watches. */
  observer?: Observer;
  /** The plugins' words and their translations (the core's own come first). */
  messages?: readonly MessageSource[];
}

/** Builds the schema: core tables, plugin contributions, then the user's additional fields. */
export function buildSchema(options: CoreOptions, plugins: readonly { schema?: Partial<Schema> }[]): Schema {
  let schema = coreSchema();
  for (const p of plugins) schema = mergeSchema(schema, p.schema);
  const extra = options.user?.additionalFields ?? {};
  const userFields: Schema[string]['fields'] = {};
  for (const [name, f] of Object.entries(extra)) {
    userFields[name] = {
      type: f.type,
      required: f.required,
      unique: f.unique,
      input: f.input ?? true,
      returned: f.returned,
      defaultValue: f.defaultValue,
      validator: f.validator,
      transform: f.transform,
    };
  }
  return mergeSchema(schema, { user: { fields: userFields } });
}

/** The mailer, telling the observers of each failed send (the failure still reaches its caller). */
function observedMailer(mailer: Mailer, observer: Observer | undefined): Mailer {
  const failed = observer?.mailFailed;
  if (!failed) return mailer;
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (e) {
        failed(e);
        throw e;
      }
    },
  };
}

function rateStoreFor(resolved: ResolvedOptions, adapter: Adapter, logger: Logger): RateLimitStore {
  if (resolved.rateLimit.storage === 'database') return new DatabaseRateStore(adapter);
  if (resolved.rateLimit.storage === 'secondary-storage' && resolved.secondaryStorage) return new SecondaryRateStore(resolved.secondaryStorage, logger);
  return new MemoryRateStore();
}

/**
 * Assembles the services, each from what it declares it needs, bottom up: data layer,
 * crypto, sessions, lockout, audit, rate limit. Nothing here knows HTTP.
 */
export async function createContext(options: CoreOptions, parts: ContextParts): Promise<AuthContext> {
  const resolved = resolveOptions(options);
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const schema = buildSchema(
    options,
    parts.schemas.map((schema) => ({ schema })),
  );
  // Before anything is opened: a wrong i18n option is refused at start with nothing to close.
  const i18n = new Translator([CORE_MESSAGES, LOCKOUT_MESSAGES, ...(parts.messages ?? [])], options.i18n);
  const database = typeof options.database === 'object' ? options.database : await openDatabase(options.database ?? 'file:./data/gatehouse.db');
  const secureCookies = resolved.advanced.useSecureCookies ?? resolved.baseURL.startsWith('https://');
  // The adapter runs the hooks of this list; plugin factories get the finished adapter.
  const hooks: DatabaseHooks[] = [];
  const adapter = new Adapter(database.db, database.caps, schema, hooks, now);
  if (options.databaseHooks) hooks.push(options.databaseHooks);
  for (const source of parts.databaseHooks) hooks.push(typeof source === 'function' ? source({ adapter, now }) : source);

  const signer = new Signer(resolved.secrets);
  const cookies = cookieNames(resolved.advanced.cookiePrefix, secureCookies);
  const mailer = observedMailer(createMailer(resolved.email, logger), parts.observer);
  const audit = new AuditLog({ adapter, logger, observe: parts.observer?.audit });
  const rateStore = rateStoreFor(resolved, adapter, logger);
  const baseOrigin = new URL(resolved.baseURL).origin;
  const passwordRules = new PasswordRules({
    adapter,
    logger,
    length: { min: resolved.emailAndPassword.minPasswordLength, max: resolved.emailAndPassword.maxPasswordLength },
    checks: parts.passwordChecks,
    secondFactors: parts.secondFactors,
  });
  // Filled below, once the context the sources are made from exists.
  const sources: SessionSource[] = [];
  const auth: AuthContext = {
    options: resolved,
    baseURL: resolved.baseURL,
    basePath: resolved.basePath,
    secureCookies,
    cookies,
    schema,
    database,
    adapter,
    signer,
    encrypter: new Encrypter(resolved.secrets),
    tokens: new TokenSigner(resolved.secrets),
    sessions: new SessionManager({
      adapter,
      database,
      schema,
      signer,
      cookies,
      secureCookies,
      options: resolved.session,
      secondaryStorage: options.secondaryStorage,
      logger,
      now,
      hidden: parts.hiddenSessions,
      sources,
    }),
    lockout: new Lockout({ adapter, mailer, i18n, logger, now, options: options.lockout, audit, onLocked: parts.observer?.locked }),
    audit,
    adoption: new AccountAdoption(parts.adopters ?? []),
    origins: new OriginPolicy([baseOrigin, ...(resolved.trustedOrigins ?? [])]),
    rateStore,
    rateLimiter: new RateLimiter({ options: resolved.rateLimit, store: rateStore, pluginRules: parts.rateRules, now, onRefused: parts.observer?.rateLimited }),
    logger,
    mailer,
    i18n,
    features: parts.features,
    secondaryStorage: options.secondaryStorage,
    now,
    password: {
      hash: hashPassword,
      verify: verifyPassword,
      check: (password, owner) => passwordRules.check(password, owner),
      hasSecondFactor: passwordRules.hasSecondFactor,
    },
    publicUser: (row: Row) => publicRow({ schema }, 'user', row),
    publicSession: (row: Row) => publicRow({ schema }, 'session', row),
    url: (path: string) => `${resolved.baseURL}${resolved.basePath}${path}`,
    extensions: {},
    background: new BackgroundTasks(),
  };
  for (const make of parts.sessionSources ?? []) sources.push(make(auth));
  if (resolved.production && resolved.secrets.includes(DEFAULT_SECRET)) {
    logger.warn('The default secret is in use in production: set AUTH_SECRET (or the `secret` option) to a long random value.');
  }
  return auth;
}
