import type { AuthContext, HookSource } from './context.js';
import type { Schema } from './db/schema.js';
import type { AnyEndpoint, EndpointContext, SignInAttempt } from './endpoint.js';
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
   * A sub-application mounted below the base path: requests whose path (after the base path)
   * is one of `paths` or starts with one of `prefixes` go to `fetch` as they are (after the rate
   * limit of their path; before the routes and CORS, which it answers itself), with the client's
   * address. For a protocol implementation that is an app of its own (a Node one through `fetchFromNode`).
   */
  mount?: PluginMount;
  /** Runs once when the auth instance is built. */
  init?(auth: AuthContext): void | Promise<void>;
  /** Called when the server stops. */
  close?(): Promise<void>;
}

export interface PluginMount {
  paths?: readonly string[];
  prefixes?: readonly string[];
  fetch(request: Request, ip: string | null): Promise<Response>;
}

export function definePlugin<P extends Plugin>(p: P): P {
  return p;
}
