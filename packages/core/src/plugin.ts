import type { AuthContext, HookSource } from './context.js';
import type { Schema } from './db/schema.js';
import type { AnyEndpoint, EndpointContext, SignInAttempt } from './endpoint.js';
import type { Observer } from './observe.js';
import type { SessionRow } from './session/types.js';

export type { SignInAttempt } from './endpoint.js';

/**
 * What a plugin may contribute. The core never names a plugin: every built-in
 * capability plugs in through these seams (plugins/index.ts lists them).
 */
export interface Plugin {
  id: string;
  schema?: Partial<Schema>;
  endpoints?: readonly AnyEndpoint[];
  /** Its error catalogue (code → message), for docs and the client. */
  errors?: Record<string, string>;
  /** Database hooks, or a factory given the finished data layer; run after the options' own. */
  databaseHooks?: HookSource;
  /** What it lets the app offer, by feature name (answered by `/providers`). */
  features?: Record<string, boolean>;
  /** True for a session of its making that the person's list-sessions must not show (one opened on their behalf). */
  hidesSession?(session: SessionRow): boolean;
  /** Rate-limit rules by declared path. */
  rateLimit?: Record<string, { window: number; max: number }>;
  /**
   * Called after the first factor succeeded and before a session is made.
   * Return a value to answer it instead of signing in (e.g. a second factor is due);
   * throw an APIError to refuse.
   */
  beforeSignIn?(c: EndpointContext, attempt: SignInAttempt): Promise<unknown | undefined>;
  /**
   * Runs before every route's handler, once its session and guards have passed (`c.path`
   * says which route). Return a value to answer it instead; throw an APIError to refuse.
   */
  before?(c: EndpointContext): Promise<unknown | undefined>;
  /** Runs after every route's handler with its answer; return a value to answer that instead. */
  after?(c: EndpointContext, result: unknown): Promise<unknown | undefined>;
  /**
   * Watches without changing anything (observe.ts): every HTTP answer with its declared path,
   * status and duration (the fast lane's and errors included), audit events, locks,
   * rate-limit refusals, failed mails. Called synchronously: keep it cheap.
   */
  observe?: Observer;
  /**
   * Values it reports when asked (a queue's depth, rows waiting): read at each scrape by the
   * metrics plugin, when it runs, as gauges named as given (`gatehouse_<what>`).
   */
  gauges?: readonly PluginGauge[];
  /** Runs once when the auth instance is built; `assembly` is every plugin and route it serves. */
  init?(auth: AuthContext, assembly: Assembly): void | Promise<void>;
  /** Called when the server stops. */
  close?(): Promise<void>;
}

/** A value a plugin reports (`Plugin.gauges`). */
export interface PluginGauge {
  /** A Prometheus metric name, e.g. `gatehouse_webhook_queue_depth`. */
  name: string;
  help: string;
  read(auth: AuthContext): number | Promise<number>;
}

/** What an instance is assembled from, as `init` sees it (e.g. to describe its routes). */
export interface Assembly {
  plugins: readonly Plugin[];
  /** Every route, the core's first, then each plugin's in plugin order. */
  endpoints: readonly AnyEndpoint[];
}

export function definePlugin<P extends Plugin>(p: P): P {
  return p;
}
