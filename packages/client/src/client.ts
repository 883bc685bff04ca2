import { type CallOptions, createFetcher, type FetchOptions, type RequestSpec } from './fetcher.js';
import type { AuthResult } from './result.js';
import { createRouteTable } from './routes.js';
import { createSessionStore, type SessionStore } from './session-store.js';
import { type ChangeSignal, createChangeSignal } from './signal.js';
import type { AnswerOf, Calls, ClientPluginLike, ClientRoutes, SignalName } from './types.js';

export interface AuthClientOptions<Ps extends readonly ClientPluginLike[]> {
  /**
   * The server's capabilities, by their client sides (`gatehouseClients` or some of
   * `coreClient`, … from `@gatehouse/core/client`): they give the
   * calls, their methods and effects, and their types.
   */
  plugins: Ps;
  /** Origin of the API; empty (the default) means the page's own origin. */
  baseURL?: string;
  /** Where the API is mounted. Default '/api/auth'. */
  basePath?: string;
  fetchOptions?: FetchOptions;
}

/** get-session's answer when signed in, from the capabilities' types. */
export type SessionDataOf<Ps extends readonly ClientPluginLike[]> = NonNullable<
  '/get-session' extends keyof ClientRoutes<Ps> ? AnswerOf<ClientRoutes<Ps>, '/get-session'> : unknown
>;

/** The client's observable state: the session view, and one change signal per name the capabilities declare. */
export type ClientStore<Ps extends readonly ClientPluginLike[]> = { session: SessionStore<SessionDataOf<Ps>> } & {
  [K in SignalName<Ps>]: ChangeSignal;
};

export type AuthClient<Ps extends readonly ClientPluginLike[] = readonly ClientPluginLike[]> = Calls<ClientRoutes<Ps>> & {
  /** Any call by path; the method is the route's (see `RouteTable.method`). */
  $fetch<T = unknown>(path: string, spec?: RequestSpec): Promise<AuthResult<T>>;
  $store: ClientStore<Ps>;
};

/** `/sign-in/email` → `['signIn', 'email']`, `/get-session` → `['getSession']`. */
const callName = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase()));

/**
 * Creates the client of a Gatehouse API: one call per route of the given capabilities,
 * nested by path (`/sign-in/email` → `signIn.email`), typed from the server's routes.
 *
 * @example
 * const auth = createAuthClient({ plugins: gatehouseClients });
 * const { data, error } = await auth.signIn.email({ email, password });
 * if (error) show(error.message);
 */
export function createAuthClient<const Ps extends readonly ClientPluginLike[]>(options: AuthClientOptions<Ps>): AuthClient<Ps> {
  const fetcher = createFetcher(options);
  const routes = createRouteTable(options.plugins);
  const session = createSessionStore({
    fetchSession: async () => (await fetcher('/get-session', { method: 'GET' })).result as AuthResult<SessionDataOf<Ps> | null>,
  });
  const signals = new Map<string, ChangeSignal>();
  for (const plugin of options.plugins) {
    for (const name of Object.keys(plugin.signals ?? {})) if (!signals.has(name)) signals.set(name, createChangeSignal());
  }

  /** Every call goes through here: send, then refresh what the call changed. */
  async function $fetch<T = unknown>(path: string, spec: RequestSpec = {}): Promise<AuthResult<T>> {
    const method = spec.method ?? routes.method(path, spec.body !== undefined);
    const { result, navigated } = await fetcher(path, { ...spec, method });
    if (!result.error && !navigated) {
      if (routes.changesSession(path)) {
        await session.refetch();
        session.broadcast();
      }
      for (const name of routes.signals(path)) signals.get(name)?.bump();
    }
    return result as AuthResult<T>;
  }

  const client: Record<string, unknown> = { $fetch, $store: { session, ...Object.fromEntries(signals) } };
  for (const path of routes.paths()) {
    const call = (input?: unknown, callOptions?: CallOptions) => $fetch(path, { ...callOptions, body: input });
    const names = callName(path);
    let node = client;
    for (const name of names.slice(0, -1)) {
      node[name] ??= {};
      node = node[name] as Record<string, unknown>;
    }
    const last = names[names.length - 1]!;
    // A call that is also a namespace (`/a` and `/a/b`) keeps both.
    node[last] = Object.assign(call, node[last]);
  }
  return client as AuthClient<Ps>;
}
