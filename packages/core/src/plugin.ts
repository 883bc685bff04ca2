import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext, FeatureValue, HookSource } from './context.js';
import type { Adapter } from './db/adapter.js';
import type { SessionSource } from './request-scope.js';
import type { Schema } from './db/schema.js';
import type { AnyEndpoint, EndpointContext, SignInAttempt } from './endpoint.js';
import type { PasswordCandidate, PasswordCheckServices } from './security/password-rules.js';
import type { MessageSource } from './i18n/types.js';
import type { Observer } from './observe.js';
import type { AdoptionStep } from './security/adoption.js';
import type { OptionKeys } from './option-keys.js';
import type { SessionRow } from './session/types.js';
import type { APIError } from './errors.js';
import type { MaybePromise } from './maybe.js';
import type { SessionAnswer } from './public-types.js';

export type { SignInAttempt } from './endpoint.js';

/**
 * What a plugin may contribute. The core never names a plugin: every built-in
 * capability plugs in through these seams (plugins/index.ts lists them).
 */
export interface Plugin {
  id: string;
  /**
   * The top-level keys it reads from `createAuth`'s options, with the keys below each (option-keys.ts:
   * `{ notes: { maxLength: true } }`), so the unknown-key check accepts them. A plugin that takes its
   * options as its factory's argument needs none.
   */
  optionKeys?: OptionKeys;
  schema?: Partial<Schema>;
  endpoints?: readonly AnyEndpoint[];
  /** Its error catalogue (code → message), for docs and the client. */
  errors?: Record<string, string>;
  /**
   * Its words in other languages: its catalogue's and its mails' texts (`texts`, English)
   * translated by locale (`defineTranslations` in i18n/types.ts; kept in its folder as
   * `translations.ts`). Answers and mails use them through `auth.i18n`.
   */
  messages?: MessageSource;
  /** Database hooks, or a factory given the finished data layer; run after the options' own. */
  databaseHooks?: HookSource;
  /** What it lets the app offer, by feature name (answered by `/providers`). */
  features?: Record<string, FeatureValue>;
  /** True for a session of its making that the person's list-sessions must not show (one opened on their behalf). */
  hidesSession?(session: SessionRow): boolean;
  /**
   * Another way than the session cookie for a request to say whose it is, made from the
   * finished context: a request carrying its header gets the session it resolves, on every
   * route that reads the caller's session (get-session included; the fast lane hands it on).
   */
  sessionSource?(auth: AuthContext): SessionSource;
  /**
   * Paths whose answers this plugin's hooks add to (its `after` hook sets a header on
   * get-session): the fast lane hands them to the general route, which runs the hooks. Any
   * path the lane answers (get-session, list-sessions, the plugins' `sessionReads`) may be named.
   */
  handsOn?: readonly string[];
  /**
   * Its read-only GET routes that the fast lane may answer from the caller's session, without the
   * general pipeline, whenever answering writes nothing (no renewal due, no cookie to set): each a
   * `path` of its `endpoints` (a GET with `requireSession: true`, asked without a query) and an
   * `answer` that gives what the handler gives for that session (get-session's answer, to read
   * and never change), or `undefined` when it would write something: the general route then
   * answers. The lane keeps the route's rate limit, CORS headers and error answers; without a
   * session it answers 401 as the route does.
   */
  sessionReads?: readonly PluginSessionRead[];
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
   * Judges a new password wherever one is set (sign-up, reset, change, set, admin, CLI), after
   * the core's length bounds: resolve to accept, throw an APIError to refuse.
   */
  checkPassword?(candidate: PasswordCandidate, services: PasswordCheckServices): Promise<void>;
  /** True when a password sign-in of this user must also pass a second factor of this plugin's. */
  hasSecondFactor?(adapter: Adapter, userId: string): Promise<boolean>;
  /**
   * A sign-in that proved the mailbox adopted an account whose address was unproven
   * (security/adoption.ts: account pre-hijacking): remove, within `trx`, every way in of this
   * plugin's that someone could have set up meanwhile, and say what (counts by kind, for the audit).
   */
  onAccountAdopted?(trx: Adapter, userId: string): Promise<AdoptionStep | undefined>;
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
  /**
   * A sub-application mounted below the base path: requests whose path (after the base path)
   * is one of `paths` or starts with one of `prefixes` go to `fetch` as they are (after the rate
   * limit of their path; before the routes and CORS, which it answers itself), with the client's
   * address. For a protocol implementation that is an app of its own (a Node one through `fetchFromNode`).
   */
  mount?: PluginMount;
  /** Called when the server stops. */
  close?(): Promise<void>;
}

/** A read-only GET a plugin answers from the caller's session on the fast lane (`Plugin.sessionReads`). */
export interface PluginSessionRead {
  path: string;
  answer(auth: AuthContext, session: SessionAnswer): MaybePromise<unknown> | undefined;
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

/** A sub-application a plugin mounts below the base path (`Plugin.mount`). */
export interface PluginMount {
  paths?: readonly string[];
  prefixes?: readonly string[];
  fetch(request: Request, ip: string | null): Promise<Response>;
  /**
   * The answer to a request of its paths that the rate limit refused (429, its Retry-After
   * headers on `error`), in the mounted app's own format (SCIM's error schema); without it, the
   * core's `{message, code}`.
   */
  refused?(error: APIError): Response;
  /**
   * The path a request of its paths is counted under by the rate limit (its rule and its bucket):
   * a prefix mount with ids in its paths (`/scim/v2/Users/{id}`) names its collection, so one rule
   * holds for all and the limiter does not keep a rule per id. Without it, the request's own path.
   */
  rateLimitPath?(path: string): string;
  /**
   * The same app answering Node's own request, for a Node server (`Auth.nodeMounts`, which the
   * `gatehouse` server uses): `req.url` below the base path, X-Forwarded-* set from the base URL
   * and the client's address, after the rate limit of its path, as for `fetch`. A promise it answers that
   * fails (or a throw) is answered as `handler` answers a failing `fetch`.
   */
  node?(req: IncomingMessage, res: ServerResponse): void | Promise<unknown>;
}

export function definePlugin<P extends Plugin>(p: P): P {
  return p;
}
