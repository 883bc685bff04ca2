import { FastLane } from './fast-lane.js';
import { Encrypter } from './crypto/encrypt.js';
import { TokenSigner } from './crypto/jwt.js';
import { hashPassword, verifyPassword } from './crypto/password.js';
import { Signer } from './crypto/sign.js';
import { Adapter } from './db/adapter.js';
import { openDatabase, type Database } from './db/dialect.js';
import type { DatabaseHooks } from './db/hooks.js';
import { coreSchema, mergeSchema, type Schema } from './db/schema.js';
import type { Row } from './db/types.js';
import { cookieNames, type CookieNames } from './cookies.js';
import { consoleLogger, type Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { DEFAULT_SECRET, type GatehouseOptions } from './options.js';
import { OriginPolicy } from './origin.js';
import type { Plugin } from './plugin.js';
import { DatabaseRateStore, MemoryRateStore, SecondaryRateStore, type RateLimitStore } from './rate-limit.js';
import { AuditLog } from './security/audit.js';
import { Lockout } from './security/lockout.js';
import { SessionManager } from './session/manager.js';
import type { SecondaryStorage } from './storage/types.js';
import { publicRow } from './user-fields.js';

/** Options with every default the core relies on filled in. */
export function resolveOptions(o: GatehouseOptions) {
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
      minPasswordLength: 8,
      maxPasswordLength: 128,
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
  /** get-session and list-sessions without the general pipeline, when answering writes nothing. */
  lane: FastLane;
  lockout: Lockout;
  audit: AuditLog;
  origins: OriginPolicy;
  rateStore: RateLimitStore;
  logger: Logger;
  mailer: Mailer;
  plugins: Plugin[];
  secondaryStorage?: SecondaryStorage;
  now(): number;
  password: { hash(p: string): Promise<string>; verify(hash: string, p: string): Promise<boolean> };
  publicUser(row: Row): Row;
  publicSession(row: Row): Row;
  /** A full URL under the auth base path, e.g. `url('/verify-email')`. */
  url(path: string): string;
  /** Plugin-owned services, keyed by plugin id. */
  extensions: Record<string, unknown>;
  /** Work that runs after the answer (mails whose timing must not show); `settle()` awaits it. */
  background: BackgroundTasks;
}

export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  run(task: Promise<unknown>): void {
    const tracked = task.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  async settle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}

/** Builds the schema: core tables, plugin contributions, then the user's additional fields. */
export function buildSchema(options: GatehouseOptions, plugins: readonly Plugin[]): Schema {
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

export async function createContext(options: GatehouseOptions, plugins: Plugin[]): Promise<AuthContext> {
  const resolved = resolveOptions(options);
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const schema = buildSchema(options, plugins);
  const database =
    typeof options.database === 'object' ? options.database : await openDatabase(options.database ?? 'file:./data/gatehouse.db');
  const secureCookies = resolved.advanced.useSecureCookies ?? resolved.baseURL.startsWith('https://');
  const hooks: DatabaseHooks[] = [];
  const auth = {} as AuthContext;
  if (options.databaseHooks) hooks.push(options.databaseHooks);
  for (const p of plugins) {
    if (p.databaseHooks) hooks.push(typeof p.databaseHooks === 'function' ? p.databaseHooks(auth) : p.databaseHooks);
  }
  const adapter = new Adapter(database.db, database.caps, schema, hooks, now);
  const baseOrigin = new URL(resolved.baseURL).origin;
  Object.assign(auth, {
    options: resolved,
    baseURL: resolved.baseURL,
    basePath: resolved.basePath,
    secureCookies,
    cookies: cookieNames(resolved.advanced.cookiePrefix, secureCookies),
    schema,
    database,
    adapter,
    signer: new Signer(resolved.secrets),
    encrypter: new Encrypter(resolved.secrets),
    tokens: new TokenSigner(resolved.secrets),
    origins: new OriginPolicy([baseOrigin, ...(resolved.trustedOrigins ?? [])]),
    logger,
    mailer: createMailer(resolved.email, logger),
    plugins,
    secondaryStorage: options.secondaryStorage,
    now,
    password: { hash: hashPassword, verify: verifyPassword },
    publicUser: (row: Row) => publicRow(auth, 'user', row),
    publicSession: (row: Row) => publicRow(auth, 'session', row),
    url: (path: string) => `${resolved.baseURL}${resolved.basePath}${path}`,
    extensions: {},
    background: new BackgroundTasks(),
  } satisfies Omit<AuthContext, 'sessions' | 'lane' | 'rateStore' | 'lockout' | 'audit'>);
  auth.sessions = new SessionManager(auth);
  auth.lane = new FastLane(auth);
  auth.lockout = new Lockout(auth);
  auth.audit = new AuditLog(auth);
  auth.rateStore =
    resolved.rateLimit.storage === 'database'
      ? new DatabaseRateStore(adapter)
      : resolved.rateLimit.storage === 'secondary-storage' && options.secondaryStorage
        ? new SecondaryRateStore(options.secondaryStorage, logger)
        : new MemoryRateStore();
  if (resolved.production && resolved.secrets.includes(DEFAULT_SECRET)) {
    logger.warn('The default secret is in use in production: set AUTH_SECRET (or the `secret` option) to a long random value.');
  }
  return auth;
}
