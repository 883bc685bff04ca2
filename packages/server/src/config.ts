import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  CAPABILITY_OPTIONS,
  describeUnknownOptions,
  dialectOf,
  keysOf,
  sqliteFileOf,
  unknownOptions,
  type DialectName,
  type GatehouseOptions,
} from '@gatehouse/core';

/** The service's options: the library's, plus where to listen and what to connect. */
export interface ServerOptions extends GatehouseOptions {
  port?: number;
  host?: string;
  /** A Redis URL for secondary storage (REDIS_URL). */
  redisURL?: string;
  /** Database connection pool size (Postgres/MySQL). */
  poolSize?: number;
  /** Where the built React app lives (default: apps/web/dist of this checkout). */
  webRoot?: string | false;
  logLevel?: string;
}

export class ConfigError extends Error {}

/** The server's own keys, beside the library's (the unknown-key check knows both; the library gets none of these). */
export const SERVER_OPTION_KEYS = keysOf<Omit<ServerOptions, keyof GatehouseOptions>>({
  port: true,
  host: true,
  redisURL: true,
  poolSize: true,
  webRoot: true,
  logLevel: true,
});

/** The options without the server's own keys: what `createAuth` is given. */
export function libraryOptions(options: ServerOptions): GatehouseOptions {
  const out: Record<string, unknown> = { ...options };
  for (const key of Object.keys(SERVER_OPTION_KEYS)) delete out[key];
  return out as GatehouseOptions;
}

const CONFIG_FILES = ['gatehouse.config.mjs', 'gatehouse.config.js', 'gatehouse.config.json'];

/** Reads the config module: `GATEHOUSE_CONFIG` / `--config`, else ./gatehouse.config.{mjs,js,json}. */
export async function loadConfigModule(path: string | undefined, cwd: string): Promise<ServerOptions> {
  const file = path ? resolve(cwd, path) : CONFIG_FILES.map((f) => resolve(cwd, f)).find((f) => existsSync(f));
  if (!file) return {};
  if (!existsSync(file)) throw new ConfigError(`config: file not found: ${file}`);
  if (file.endsWith('.json')) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ServerOptions;
    } catch (e) {
      throw new ConfigError(`config: ${file} is not valid JSON: ${(e as Error).message}`);
    }
  }
  const mod = (await import(pathToFileURL(file).href)) as { default?: unknown; config?: unknown };
  let value = mod.default ?? mod.config;
  if (typeof value === 'function') value = await (value as () => unknown)();
  if (!value || typeof value !== 'object') throw new ConfigError(`config: ${file} must export an options object (or a function returning one)`);
  return value as ServerOptions;
}

function envOptions(env: NodeJS.ProcessEnv): ServerOptions {
  const o: ServerOptions = {};
  if (env.PORT !== undefined) {
    const port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT: not a port number: ${env.PORT}`);
    o.port = port;
  }
  if (env.HOST) o.host = env.HOST;
  if (env.BASE_URL) o.baseURL = env.BASE_URL;
  if (env.AUTH_SECRET) o.secret = env.AUTH_SECRET;
  if (env.DATABASE_URL) o.database = env.DATABASE_URL;
  if (env.REDIS_URL) o.redisURL = env.REDIS_URL;
  if (env.SMTP_URL || env.MAIL_FROM) o.email = { ...(env.SMTP_URL ? { smtp: env.SMTP_URL } : {}), ...(env.MAIL_FROM ? { from: env.MAIL_FROM } : {}) };
  if (env.TRUSTED_ORIGINS)
    o.trustedOrigins = env.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (env.RATE_LIMIT) {
    if (!['on', 'off'].includes(env.RATE_LIMIT)) throw new ConfigError(`RATE_LIMIT: must be "on" or "off", got "${env.RATE_LIMIT}"`);
    o.rateLimit = { enabled: env.RATE_LIMIT === 'on' };
  }
  if (env.OIDC_PROVIDER) {
    if (!['on', 'off'].includes(env.OIDC_PROVIDER)) throw new ConfigError(`OIDC_PROVIDER: must be "on" or "off", got "${env.OIDC_PROVIDER}"`);
    o.oidcProvider = { enabled: env.OIDC_PROVIDER === 'on' };
  }
  // SCIM provisioning (needs the organization plugin, on by default).
  if (env.SCIM) o.scim = { enabled: onOff('SCIM', env.SCIM) };
  if (env.LOG_LEVEL) o.logLevel = env.LOG_LEVEL;
  // The language of answers whose request names none supported; texts are replaced in the config module (i18n.messages).
  if (env.I18N_DEFAULT_LOCALE) o.i18n = { defaultLocale: env.I18N_DEFAULT_LOCALE };
  const policy = passwordPolicyEnv(env);
  if (policy) o.passwordPolicy = policy;
  // A token turns the metrics on.
  if (env.METRICS_TOKEN) o.metrics = { enabled: true, token: env.METRICS_TOKEN };
  if (env.DATABASE_POOL_SIZE) {
    const size = Number(env.DATABASE_POOL_SIZE);
    if (!Number.isInteger(size) || size < 1) throw new ConfigError(`DATABASE_POOL_SIZE: not a positive integer: ${env.DATABASE_POOL_SIZE}`);
    o.poolSize = size;
  }
  return o;
}

const onOff = (name: string, value: string): boolean => {
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name}: must be "on" or "off", got "${value}"`);
  return value === 'on';
};

/**
 * PASSWORD_POLICY (default | nist-800-63b-4), PASSWORD_BLOCK_COMMON (on | off),
 * PASSWORD_BREACHED_CHECK (on | off), PASSWORD_BREACHED_ENDPOINT (a URL).
 */
function passwordPolicyEnv(env: NodeJS.ProcessEnv): ServerOptions['passwordPolicy'] | undefined {
  const o: NonNullable<ServerOptions['passwordPolicy']> = {};
  if (env.PASSWORD_POLICY) {
    if (env.PASSWORD_POLICY !== 'default' && env.PASSWORD_POLICY !== 'nist-800-63b-4') {
      throw new ConfigError(`PASSWORD_POLICY: must be "default" or "nist-800-63b-4", got "${env.PASSWORD_POLICY}"`);
    }
    o.preset = env.PASSWORD_POLICY;
  }
  if (env.PASSWORD_BLOCK_COMMON) o.blockCommon = onOff('PASSWORD_BLOCK_COMMON', env.PASSWORD_BLOCK_COMMON);
  if (env.PASSWORD_BREACHED_CHECK || env.PASSWORD_BREACHED_ENDPOINT) {
    o.breachedCheck = {
      ...(env.PASSWORD_BREACHED_CHECK ? { enabled: onOff('PASSWORD_BREACHED_CHECK', env.PASSWORD_BREACHED_CHECK) } : {}),
      ...(env.PASSWORD_BREACHED_ENDPOINT ? { endpoint: env.PASSWORD_BREACHED_ENDPOINT } : {}),
    };
  }
  return Object.keys(o).length ? o : undefined;
}

/** Later wins, one level deep for option groups (so `email.from` from env keeps `email.smtp` from the module). */
function merge(...layers: ServerOptions[]): ServerOptions {
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer)) {
      const prev = out[k];
      out[k] =
        v && typeof v === 'object' && !Array.isArray(v) && prev && typeof prev === 'object' && !Array.isArray(prev)
          ? { ...(prev as object), ...(v as object) }
          : v;
    }
  }
  return out as ServerOptions;
}

const url = (name: string) =>
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, `${name} must be an http(s) URL`);

const positive = z.number().int().nonnegative();

// Checked at start so a typo is refused with the option's name, not found at the first request: the
// server's own keys and the core's here, each capability's its manifest's (the schema createAuth checks it with).
const schema = z.looseObject({
  port: z.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).optional(),
  baseURL: url('baseURL').optional(),
  basePath: z.string().startsWith('/').optional(),
  secret: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  database: z.union([z.string().min(1), z.object({ db: z.unknown(), caps: z.unknown() }).loose()]).optional(),
  poolSize: z.number().int().min(1).optional(),
  trustedOrigins: z.array(z.string()).optional(),
  emailAndPassword: z
    .looseObject({
      enabled: z.boolean().optional(),
      minPasswordLength: positive.optional(),
      maxPasswordLength: positive.optional(),
      resetPasswordTokenExpiresIn: positive.optional(),
    })
    .optional(),
  session: z
    .looseObject({
      expiresIn: positive.optional(),
      updateAge: positive.optional(),
      freshAge: positive.optional(),
      cookieCache: z.looseObject({ enabled: z.boolean().optional(), maxAge: positive.optional() }).optional(),
    })
    .optional(),
  rateLimit: z
    .looseObject({
      enabled: z.boolean().optional(),
      window: positive.optional(),
      max: positive.optional(),
      storage: z.enum(['memory', 'database', 'secondary-storage']).optional(),
    })
    .optional(),
  email: z.looseObject({ smtp: z.string().optional(), from: z.string().optional() }).optional(),
  // Each capability's options: its own schema, from its manifest (strict: ranges, enums, formats, unknown keys).
  ...Object.fromEntries(Object.entries(CAPABILITY_OPTIONS).map(([key, options]) => [key, options.optional()])),
  // The app's look: name, logo (https, or a path on this server), accent colour (#rgb, #rrggbb, with or without alpha).
  branding: z
    .strictObject({
      name: z.string().trim().min(1).max(60).optional(),
      logoUrl: z
        .string()
        .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/.test(v), 'must be an https URL or a path starting with "/"')
        .optional(),
      color: z
        .string()
        .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a CSS hex colour such as "#4f46e5"')
        .optional(),
    })
    .optional(),
  // Unknown keys refused here; an unknown locale tag or message key is refused by the core at start, naming it.
  i18n: z
    .strictObject({
      defaultLocale: z.string().min(1).optional(),
      messages: z.record(z.string(), z.record(z.string(), z.string())).optional(),
    })
    .optional(),
  advanced: z
    .looseObject({
      cookiePrefix: z
        .string()
        .regex(/^[A-Za-z0-9_.-]+$/)
        .optional(),
      useSecureCookies: z.boolean().optional(),
    })
    .optional(),
});

export async function loadConfig(opts: { configPath?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<ServerOptions> {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const fromModule = await loadConfigModule(opts.configPath ?? env.GATEHOUSE_CONFIG, cwd);
  const merged = merge({ port: 3000, host: '127.0.0.1' }, fromModule, envOptions(env));
  // First: a misspelt key at any level is named with its path and the closest known key (`emailOTP.otpLenght`).
  const unknown = unknownOptions(merged, SERVER_OPTION_KEYS);
  if (unknown.length > 0) throw new ConfigError(`config: ${describeUnknownOptions(unknown)}`);
  const checked = schema.safeParse(merged);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new ConfigError(`config: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  merged.baseURL ??= `http://localhost:${merged.port}`;
  merged.production = env.NODE_ENV === 'production';
  if (typeof merged.database === 'string') {
    let dialect: DialectName;
    try {
      dialect = dialectOf(merged.database);
    } catch (e) {
      throw new ConfigError(`${env.DATABASE_URL ? 'DATABASE_URL' : 'config: database'}: ${(e as Error).message}`);
    }
    // A relative SQLite path is relative to where the server was started, said once here.
    const file = dialect === 'sqlite' ? sqliteFileOf(merged.database) : null;
    if (file !== null) merged.database = file === ':memory:' ? ':memory:' : `file:${resolve(cwd, file)}`;
  }
  merged.database ??= `file:${resolve(cwd, 'data/gatehouse.db')}`;
  return merged;
}
