import type { ApiOf } from './api-types.js';
import { createContext, type AuthContext, type ContextParts } from './context.js';
import { corsHeaders, preflight, withCors } from './cors.js';
import { clientIp } from './client-ip.js';
import { apiName, type AnyEndpoint } from './endpoint.js';
import { errorAnswer, toErrorResponse } from './error-answer.js';
import { FastLane } from './fast-lane.js';
import { buildRouter } from './handler.js';
import { migrate, planMigration, type MigrationStep } from './db/migrate.js';
import { callEndpoint, responseOf, type CallInfo, type DirectCall, type PipelineSeams } from './pipeline.js';
import { nodeMountListener, type NodeMountStep } from './node-bridge.js';
import { joinObservers } from './observe.js';
import type { Plugin, PluginMount } from './plugin.js';
import type { SessionAnswer } from './public-types.js';
import { BUILTIN_FEATURES, builtinPlugins, type GatehouseOptions } from './plugins/index.js';
import { checkOptions } from './plugins/option-keys.js';
import type { BuiltinEndpoint } from './plugins/route-list.js';
import { coreEndpoints } from './routes/index.js';

/** The routes a list of plugins brings (a library user's own, typed by `definePlugin`). */
type EndpointsOf<P> = P extends readonly (infer X)[] ? (X extends { endpoints?: readonly (infer E)[] } ? E : never) : never;

/** `auth.api`: a method per route of the core, the built-in plugins and the options' own plugins (`E`). */
export type AuthApi<E = never> = ApiOf<BuiltinEndpoint | E>;

export interface Auth<E = never> {
  options: GatehouseOptions;
  /** The fetch-style handler: `Request` in, `Response` out. `info.ip` is the peer address. */
  handler(request: Request, info?: CallInfo): Promise<Response>;
  /**
   * Server-side calls, one per route (e.g. `api.signUpEmail({ body })`, `api.setPassword({ body, headers })`),
   * typed from the routes: the handler's data as it is (dates as `Date`s), or with `asResponse: true` the
   * Response, or with `returnHeaders: true` `{ headers, response }`. Runs the route's validation, session,
   * guards and plugin hooks; not its rate limit or origin check (the server is the caller).
   */
  api: AuthApi<E>;
  /** Opens the database and applies the schema (unless `autoMigrate: false`). */
  ready(): Promise<void>;
  context(): Promise<AuthContext>;
  /** get-session and list-sessions without the general pipeline, when answering writes nothing (`FastLane`). */
  fastLane(): Promise<FastLane>;
  /**
   * For a Node server: a step that answers the requests of mounted apps that can take Node's own
   * request (`PluginMount.node`: the OpenID provider) as `handler` would, and says false for any
   * other; undefined when there is none (`nodeMountListener`).
   */
  nodeMounts(): Promise<NodeMountStep | undefined>;
  /** Creates or updates the schema; answers the steps taken. */
  migrate(): Promise<MigrationStep[]>;
  /** The steps a migration would take, without taking them. */
  planMigration(): Promise<MigrationStep[]>;
  close(): Promise<void>;
}

/** The fast lane's answer to a Fetch request, when it has one (`FastLane`). */
async function laneAnswer(lane: FastLane, request: Request, ip: string | null): Promise<Response | undefined> {
  const { url } = request;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const target = slash === -1 ? '/' : url.slice(slash);
  if (!lane.handles(target)) return undefined;
  const answer = await lane.answer({ target, header: (name) => request.headers.get(name), ip });
  if (!answer) return undefined;
  return new Response(answer.body, { status: answer.status, headers: { ...answer.headers, 'content-type': 'application/json' } });
}

/** The plugin mount that answers a request's path (below the base path), if any. */
function mountFor(mounts: readonly PluginMount[], basePath: string, url: string): PluginMount | undefined {
  if (mounts.length === 0) return undefined;
  const { pathname } = new URL(url);
  if (!pathname.startsWith(basePath)) return undefined;
  const path = pathname.slice(basePath.length);
  return mounts.find((m) => m.paths?.includes(path) || m.prefixes?.some((p) => path.startsWith(p)));
}

/** Says in the log which migration steps could not be applied (`MigrationStep.skipped`). */
function warnSkipped(auth: AuthContext, steps: MigrationStep[]): MigrationStep[] {
  for (const step of steps) if (step.skipped) auth.logger.warn({ table: step.table, column: step.column }, `migration step skipped: ${step.skipped}`);
  return steps;
}

/** What the plugins bring to the context: schema, hooks, rate rules, features, password checks, second-factor probes, session sources, the observer. */
function contextParts(plugins: readonly Plugin[], observer: ContextParts['observer']): ContextParts {
  return {
    observer,
    schemas: plugins.map((p) => p.schema),
    databaseHooks: plugins.flatMap((p) => (p.databaseHooks ? [p.databaseHooks] : [])),
    rateRules: Object.assign({}, ...plugins.map((p) => p.rateLimit)),
    features: Object.assign({ ...BUILTIN_FEATURES }, ...plugins.map((p) => p.features)),
    hiddenSessions: plugins.flatMap((p) => (p.hidesSession ? [p.hidesSession.bind(p)] : [])),
    passwordChecks: plugins.flatMap((p) => (p.checkPassword ? [p.checkPassword.bind(p)] : [])),
    secondFactors: plugins.flatMap((p) => (p.hasSecondFactor ? [p.hasSecondFactor.bind(p)] : [])),
    adopters: plugins.flatMap((p) => (p.onAccountAdopted ? [p.onAccountAdopted.bind(p)] : [])),
    sessionSources: plugins.flatMap((p) => (p.sessionSource ? [p.sessionSource.bind(p)] : [])),
    messages: plugins.flatMap((p) => (p.messages ? [p.messages] : p.errors ? [{ errors: p.errors, translations: {} }] : [])),
  };
}

/**
 * Builds a Gatehouse instance from options.
 *
 * @example
 * const auth = createAuth({ database: 'file:./data/app.db', secret: process.env.AUTH_SECRET });
 * serve({ fetch: auth.handler });
 */
export function createAuth<O extends GatehouseOptions & { autoMigrate?: boolean }>(options: O = {} as O): Auth<EndpointsOf<O['plugins']>> {
  // An unknown key at any level, or a capability's option out of its range, is refused here, named with its path (plugins/option-keys.ts).
  checkOptions(options);
  const plugins = [...builtinPlugins(options), ...(options.plugins ?? [])];
  const endpoints: AnyEndpoint[] = [...coreEndpoints, ...plugins.flatMap((p) => p.endpoints ?? [])];
  const seams: PipelineSeams = {
    signInGates: plugins.flatMap((p) => (p.beforeSignIn ? [p.beforeSignIn.bind(p)] : [])),
    before: plugins.flatMap((p) => (p.before ? [p.before.bind(p)] : [])),
    after: plugins.flatMap((p) => (p.after ? [p.after.bind(p)] : [])),
  };
  const observers = plugins.flatMap((p) => (p.observe ? [p.observe] : []));
  const observer = observers.length > 0 ? joinObservers(observers) : undefined;
  const mounts = plugins.flatMap((p) => (p.mount ? [p.mount] : []));
  let init: Promise<{ auth: AuthContext; router: ReturnType<typeof buildRouter>; lane: FastLane }> | undefined;
  const start = () =>
    (init ??= (async () => {
      const auth = await createContext(options, contextParts(plugins, observer));
      if (options.autoMigrate !== false) warnSkipped(auth, await migrate(auth.database.db, auth.database.caps, auth.schema));
      for (const p of plugins) await p.init?.(auth, { plugins, endpoints });
      const lane = new FastLane({
        basePath: auth.basePath,
        sessions: auth.sessions,
        rateLimiter: auth.rateLimiter,
        trustedProxies: auth.options.advanced.trustedProxies,
        logger: auth.logger,
        i18n: auth.i18n,
        corsHeaders: (origin) => corsHeaders(auth, origin),
        handOnHeaders: auth.sessions.sourceHeaders(),
        handOnPaths: plugins.flatMap((p) => p.handsOn ?? []),
        sessionReads: plugins.flatMap((p) =>
          (p.sessionReads ?? []).map((read) => ({ path: read.path, answer: (s: object) => read.answer(auth, s as SessionAnswer) })),
        ),
        observe: observer?.answer,
      });
      return { auth, router: buildRouter(auth, endpoints, seams, observer?.answer), lane };
    })());

  type Call = DirectCall & { asResponse?: boolean; returnHeaders?: boolean };
  const api: Record<string, (call?: Call) => Promise<unknown>> = {};
  for (const endpoint of endpoints) {
    api[endpoint.name ?? apiName(endpoint.path)] = async (call: Call = {}) => {
      const { auth } = await start();
      let outcome: Awaited<ReturnType<typeof callEndpoint>>;
      try {
        outcome = await callEndpoint(auth, endpoint, call, seams);
      } catch (e) {
        if (call.asResponse) return toErrorResponse(auth.logger, e, new Request(auth.url(endpoint.path)), auth.i18n);
        throw e;
      } finally {
        // A server-side caller gets the call's whole effect, mails included.
        await auth.background.settle();
      }
      if (call.asResponse) return responseOf(outcome);
      const data = outcome.result instanceof Response ? responseOf(outcome) : outcome.result;
      if (call.returnHeaders) return { headers: outcome.headers ?? new Headers(), response: data };
      return data;
    };
  }

  return {
    options,
    async handler(request, info) {
      const { auth, router, lane } = await start();
      const mount = mountFor(mounts, auth.basePath, request.url);
      if (mount) {
        try {
          // The client's address as the routes see it (trusted proxies' X-Forwarded-For), and the
          // rate limit of its path (options' customRules, the plugin's rules, else the default).
          const ip = clientIp(auth.options.advanced.trustedProxies, request.headers.get('x-forwarded-for'), info?.ip ?? null);
          const path = new URL(request.url).pathname.slice(auth.basePath.length);
          const refused = await auth.rateLimiter.count(mount.rateLimitPath?.(path) ?? path, ip);
          if (refused) return mount.refused?.(refused) ?? toErrorResponse(auth.logger, refused, request, auth.i18n);
          return await mount.fetch(request, ip);
        } catch (e) {
          return toErrorResponse(auth.logger, e, request, auth.i18n);
        }
      }
      if (request.method === 'OPTIONS') return preflight(auth, request);
      const cors = corsHeaders(auth, request.headers.get('origin'));
      let response: Response;
      try {
        // The lane's answers carry their CORS headers already.
        const answer = request.method === 'GET' && !info?.internal ? await laneAnswer(lane, request, info?.ip ?? null) : undefined;
        if (answer) return answer;
        response = await router.fetch(request, { info });
      } catch (e) {
        response = toErrorResponse(auth.logger, e, request, auth.i18n);
      }
      return cors ? withCors(response, cors) : response;
    },
    api: api as unknown as AuthApi<EndpointsOf<O['plugins']>>,
    ready: async () => {
      await start();
    },
    context: async () => (await start()).auth,
    fastLane: async () => (await start()).lane,
    async nodeMounts() {
      const { auth } = await start();
      return nodeMountListener({
        basePath: auth.basePath,
        publicURL: new URL(auth.baseURL),
        mounts,
        clientIp: (forwardedFor, peer) => clientIp(auth.options.advanced.trustedProxies, forwardedFor, peer),
        count: (path, ip) => auth.rateLimiter.count(path, ip),
        answerError: (error, request) => errorAnswer(auth.logger, error, request, auth.i18n),
      });
    },
    async migrate() {
      const { auth } = await start();
      return warnSkipped(auth, await migrate(auth.database.db, auth.database.caps, auth.schema));
    },
    async planMigration() {
      const { auth } = await start();
      return planMigration(auth.database.db, auth.database.caps, auth.schema);
    },
    async close() {
      if (!init) return;
      const { auth } = await init;
      await auth.background.settle();
      for (const p of plugins) await p.close?.();
      if (typeof options.database !== 'object') await auth.database.close();
    },
  };
}
