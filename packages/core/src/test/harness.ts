import { randomBytes } from 'node:crypto';
import { afterAll, afterEach } from 'vitest';
import { createAuth, type Auth } from '../auth.js';
import { openDatabase, type DialectName } from '../db/dialect.js';
import type { Mail } from '../mail/types.js';
import { builtinPlugins, type GatehouseOptions } from '../plugins/index.js';
import type { GatehouseRoutes } from '../plugins/route-list.js';
import type { Jsonify } from '../route-types.js';
import { coreEndpoints } from '../routes/index.js';
import { createRedisStorage } from '../storage/redis.js';
import { createTestDatabase, defaultTestDialect } from './databases.js';

/** A clock tests can move. */
export class TestClock {
  constructor(public ms = Date.UTC(2026, 0, 1, 12)) {}
  now = () => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

/** A cookie jar that keeps what Set-Cookie says, honouring Max-Age=0. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  absorb(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = decodeURIComponent(pair!.slice(eq + 1).trim());
      const maxAge = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('max-age='));
      if (maxAge && Number(maxAge.split('=')[1]) <= 0) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** A route's path as a pattern: each `:param` segment matches any text. */
type PathPattern<P extends string> = P extends `${infer A}:${string}/${infer B}`
  ? `${A}${string}/${PathPattern<B>}`
  : P extends `${infer A}:${string}`
    ? `${A}${string}`
    : P;
type RoutePattern = PathPattern<keyof GatehouseRoutes & string>;
/** What is served beside the route list: the OpenID provider's protocol, its interaction pages, discovery, whole URLs. */
type ServedElsewhere = `/oidc/${string}` | `/oauth2/interaction/${string}` | `/.well-known/${string}` | `http${string}`;
/** A path a test may ask for: a built-in route (with any query string), or what is served beside them. */
export type KnownPath = RoutePattern | `${RoutePattern}?${string}` | ServedElsewhere;
/**
 * A literal path must be a known one, so renaming a route breaks the tests that ask for it at compile
 * time; a path built at run time (`string`, or a pattern such as `/admin${string}`) is not checked
 * (an empty object is a `Record` of such keys, never of a literal's).
 */
export type CheckedPath<P extends string> = Record<never, never> extends Record<P, 1> ? P : P extends KnownPath ? P : KnownPath;

/** The built-in routes a client calls by their path (those without a path parameter). */
export type CallablePath = { [P in keyof GatehouseRoutes]: P extends `${string}:${string}` ? never : P }[keyof GatehouseRoutes];
type Part<K extends string, T> = [T] extends [undefined]
  ? { [_ in K]?: never }
  : undefined extends T
    ? { [_ in K]?: T }
    : Partial<T> extends T
      ? { [_ in K]?: T }
      : { [_ in K]: T };
/** A call's input as its route declares it: `body` (POST) and `query` (GET), required when the route requires them. */
export type CallInput<P extends CallablePath> = Part<'body', GatehouseRoutes[P]['body']> & Part<'query', GatehouseRoutes[P]['query']>;
/** How a call is made: whose cookies (`jar: null` for none), from which address, with which extra headers. */
export interface CallOptions {
  jar?: CookieJar | null;
  ip?: string;
  headers?: Record<string, string>;
  settle?: boolean;
}
/** A call's answer: its data as JSON typed from the route, or for a refusal its `{ message, code }` as `error`. */
export interface CallResult<A> {
  status: number;
  data: A;
  error: { message: string; code: string } | null;
  response: Response;
}

export interface TestClient {
  auth: Auth;
  clock: TestClock;
  jar: CookieJar;
  baseURL: string;
  /** `settle: false` answers as soon as the handler does, without waiting for background work (mails). */
  request(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string>; jar?: CookieJar | null; ip?: string; settle?: boolean },
  ): Promise<Response>;
  json<T = Record<string, unknown>, P extends string = string>(
    path: CheckedPath<P>,
    init?: Parameters<TestClient['request']>[1],
  ): Promise<{ status: number; data: T; response: Response }>;
  /**
   * A built-in route by its path, typed from the routes (as `auth.api` is): the input is the route's
   * body or query, the answer its declared data as JSON; renaming a route or a field breaks the call
   * at compile time. The method is the route's own.
   */
  call<P extends CallablePath>(
    path: P,
    ...args: Partial<CallInput<P>> extends CallInput<P> ? [input?: CallInput<P> & CallOptions] : [input: CallInput<P> & CallOptions]
  ): Promise<CallResult<Jsonify<GatehouseRoutes[P]['answer']>>>;
  signUp(
    input?: Partial<{ email: string; password: string; name: string }> & Record<string, unknown>,
    jar?: CookieJar,
  ): Promise<{ email: string; password: string; data: Record<string, unknown> }>;
  newJar(): CookieJar;
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${process.pid}-${Date.now()}-${++counter}@example.com`;

/**
 * A Gatehouse driven through its fetch handler, as a browser would: on an in-memory
 * SQLite, or, with TEST_DIALECT=postgres|mysql, on a fresh private schema/database of
 * TEST_POSTGRES_URL / TEST_MYSQL_URL (dropped by `t.auth.close()`).
 */
export async function createTestClient(options: GatehouseOptions = {}): Promise<TestClient> {
  return createTestClientOn(options.database === undefined ? defaultTestDialect() : 'sqlite', options);
}

/** `createTestClient` on a given dialect (a fresh schema/database per client). */
export async function createTestClientOn(dialect: DialectName, options: GatehouseOptions = {}): Promise<TestClient> {
  const clock = new TestClock();
  let methods: Map<string, string> | undefined;
  const baseURL = options.baseURL ?? 'http://localhost:3000';
  let database: GatehouseOptions['database'] = ':memory:';
  let release = async () => {};
  if (dialect !== 'sqlite' && options.database === undefined) {
    const fresh = await createTestDatabase(dialect);
    const opened = await openDatabase(fresh.url, { max: 4 });
    database = opened;
    release = async () => {
      await opened.close();
      await fresh.drop();
    };
  }
  const auth = createAuth({ database, now: clock.now, baseURL, logger: silentLogger, ...options });
  const close = auth.close.bind(auth);
  auth.close = async () => {
    await close();
    await release();
  };
  await auth.ready();
  const jar = new CookieJar();
  const client: TestClient = {
    auth,
    clock,
    jar,
    baseURL,
    newJar: () => new CookieJar(),
    async request(path, init = {}) {
      const useJar = init.jar === undefined ? jar : init.jar;
      const headers = new Headers(init.headers);
      if (useJar?.cookies.size && !headers.has('cookie')) headers.set('cookie', useJar.header());
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      if (!headers.has('origin') && (init.method ?? (body ? 'POST' : 'GET')) !== 'GET') headers.set('origin', baseURL);
      const url = path.startsWith('http') ? path : `${baseURL}/api/auth${path}`;
      const res = await auth.handler(new Request(url, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body }), {
        ip: init.ip ?? '127.0.0.1',
      });
      useJar?.absorb(res);
      if (init.settle !== false) await (await auth.context()).background.settle();
      return res;
    },
    async json(path, init) {
      const response = await client.request(path, init);
      const text = await response.text();
      return { status: response.status, data: text ? JSON.parse(text) : null, response };
    },
    async call(path, ...[input]) {
      const { body, query, jar: useJar, ip, headers, settle } = (input ?? {}) as { body?: unknown; query?: Record<string, unknown> } & CallOptions;
      methods ??= methodsOf(options);
      const method = methods.get(path) ?? (body === undefined ? 'GET' : 'POST');
      const search = query
        ? `?${new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          )}`
        : '';
      const answer = await client.json(`${path}${search}` as string, { method, body, jar: useJar, ip, headers, settle });
      const refused = answer.status >= 400 && answer.data && typeof answer.data === 'object' && 'code' in answer.data;
      return { ...answer, error: refused ? (answer.data as { message: string; code: string }) : null } as never;
    },
    async signUp(input = {}, useJar = jar) {
      const email = input.email ?? uniqueEmail();
      const password = input.password ?? 'correct horse battery';
      const { status, data } = await client.json('/sign-up/email', {
        body: { name: 'Test User', ...input, email, password },
        jar: useJar,
      });
      if (status !== 200) throw new Error(`sign-up failed: ${status} ${JSON.stringify(data)}`);
      return { email, password, data };
    },
  };
  return client;
}

/** Each built-in route's method by its path, for these options (`call` needs no method). */
function methodsOf(options: GatehouseOptions): Map<string, string> {
  const endpoints = [...coreEndpoints, ...builtinPlugins(options).flatMap((p) => p.endpoints ?? [])];
  return new Map(endpoints.map((e) => [e.path, Array.isArray(e.method) ? String(e.method[0]) : String(e.method)]));
}

/** `createTestClient` whose mails are kept in `mails` (newest last) instead of sent. */
export async function createMailTestClient(options: GatehouseOptions = {}): Promise<{ t: TestClient; mails: Mail[] }> {
  const mails: Mail[] = [];
  const t = await createTestClient({ email: { send: async (m) => void mails.push(m) }, ...options });
  return { t, mails };
}

/**
 * The set-up of a suite: call it once at the suite's top level (or in a `describe`), open
 * every client through what it returns, and each one is closed (its database dropped) after
 * the test that opened it.
 */
export function useTestClients() {
  const opened: TestClient[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.auth.close();
  });
  const keep = (t: TestClient) => {
    opened.push(t);
    return t;
  };
  return {
    /** `createTestClient`, closed after the test. */
    open: async (options?: GatehouseOptions) => keep(await createTestClient(options)),
    /** `createTestClientOn`, closed after the test. */
    openOn: async (dialect: DialectName, options?: GatehouseOptions) => keep(await createTestClientOn(dialect, options)),
    /** `createMailTestClient`, closed after the test. */
    openWithMail: async (options?: GatehouseOptions) => {
      const opened = await createMailTestClient(options);
      keep(opened.t);
      return opened;
    },
  };
}

/**
 * A fetch as a browser on the service's own page makes it, answered by the in-process handler: the
 * jar's cookies (and what the answer sets), the page's Origin on every write (Gatehouse's CSRF check
 * reads it), no redirect followed; background work settled before it answers. For the
 * `customFetchImpl` of a client library (better-auth's own).
 */
export function browserFetch(t: TestClient, jar: CookieJar) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.cookies.size) headers.set('cookie', jar.header());
    if (request.method !== 'GET' && !headers.has('origin')) headers.set('origin', t.baseURL);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const response = await t.auth.handler(new Request(request.url, { method: request.method, headers, body, redirect: 'manual' }), { ip: '127.0.0.1' });
    jar.absorb(response);
    await (await t.auth.context()).background.settle();
    return response;
  };
}

/** A mail's action URL: the line of its plain-text part that is a URL and nothing else. */
export const linkIn = (mail: Mail): string => mail.text.split('\n').find((l) => /^https?:\/\/\S+$/.test(l))!;

export const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A mail's action URL without its `callbackURL`: the form of an old or hand-made link,
 * which answers JSON instead of redirecting (mailed links always name a landing).
 */
export const bareLinkIn = (mail: Mail): string => {
  const url = new URL(linkIn(mail));
  url.searchParams.delete('callbackURL');
  return url.toString();
};

/** The real Redis tests use: TEST_REDIS_URL, else the machine's under CI=true; undefined (skip) otherwise. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? (process.env.CI === 'true' ? 'redis://127.0.0.1:6379' : undefined);

/**
 * Storages on `TEST_REDIS_URL` (`url`; the tests that need it skip without it) under a key prefix of the calling
 * file's own (`name`), closed and their keys removed after its tests.
 */
export function useRedisStorages(name: string) {
  const url = TEST_REDIS_URL;
  const prefix = `gh-${name}-test-${randomBytes(4).toString('hex')}:`;
  const storages: Awaited<ReturnType<typeof createRedisStorage>>[] = [];
  afterAll(async () => {
    if (url) {
      const { Redis } = await import('ioredis');
      const redis = new Redis(url);
      const keys = await redis.keys(`${prefix}*`);
      for (let i = 0; i < keys.length; i += 1000) await redis.unlink(...keys.slice(i, i + 1000));
      await redis.quit();
    }
    for (const s of storages.splice(0)) await s.close();
  });
  return {
    url,
    /** A storage on that Redis under the file's prefix (call only when `url` is set). */
    async open() {
      if (!url) throw new Error('useRedisStorages: no Redis (set TEST_REDIS_URL)');
      const storage = await createRedisStorage(url, silentLogger, { keyPrefix: prefix });
      storages.push(storage);
      return storage;
    },
  };
}
