import { clientIp, type TrustedProxies } from './client-ip.js';
import { errorAnswer } from './error-answer.js';
import { APIError, BASE_ERRORS } from './errors.js';
import type { Translator } from './i18n/translator.js';
import type { Logger } from './logger.js';
import { after, type MaybePromise } from './maybe.js';
import type { ObservedAnswer } from './observe.js';
import type { RateLimiter } from './security/rate-limiter.js';
import type { Row } from './db/types.js';
import type { SessionManager } from './session/manager.js';

/** What the fast lane needs of a request, so that a server can ask it without building a Fetch `Request`. */
export interface LaneRequest {
  /** The request target as the request line has it: path and query. */
  target: string;
  /** A request header by its lower-case name. */
  header(name: string): string | null | undefined;
  /** The peer's address. */
  ip: string | null;
}

export interface LaneAnswer {
  status: number;
  /** JSON. */
  body: string;
  /**
   * Headers beside `content-type` (CORS, a 429's Retry-After, a 500's request id). The same
   * object for every answer to the same `Origin`: read it, never change it.
   */
  headers?: Readonly<Record<string, string>>;
}

/** An error a route's answer met: answered as the general route answers it, once the rate limit has counted the request. */
interface Failed {
  error: unknown;
}

interface LaneRoute {
  /** The declared path: the rate limit's key. */
  path: string;
  /** The JSON to answer; `null`: no session (401); `undefined`: the general route answers. */
  peek(cookieHeader: string | null): MaybePromise<string | null | undefined | Failed>;
}

/**
 * A plugin's read-only GET route that the lane may answer from the caller's session
 * (`Plugin.sessionReads`, bound to its instance): `path` is the route's declared path (a GET
 * with `requireSession: true`); `answer` is what its handler answers for that session (get-session's
 * answer: read it, never change it), or `undefined` when answering would write something (the
 * general route then answers, and nothing was counted). It must answer what the handler would and
 * write nothing; an error it throws is answered as the general route would answer it.
 */
export interface LaneSessionRead {
  path: string;
  answer(session: { session: Row; user: Row }): MaybePromise<unknown> | undefined;
}

/** What the lane is built from. */
export interface FastLaneDeps {
  basePath: string;
  sessions: SessionManager;
  rateLimiter: RateLimiter;
  trustedProxies: TrustedProxies;
  logger: Logger;
  /** Words a refusal in the request's language (`Accept-Language`), as the general route does; read only when refusing. */
  i18n?: Translator;
  /** The CORS headers an `Origin` gets (`cors.ts`), or null: the same rule as the general route's. */
  corsHeaders(origin: string | null): Record<string, string> | null;
  /** Request headers that say whose a request is other than by cookie (plugins' session sources): such requests are handed on. */
  handOnHeaders?: readonly string[];
  /** Declared paths whose answers plugins' hooks add to: never the lane's. */
  handOnPaths?: readonly string[];
  /** Plugins' read-only GET routes answered from the caller's session (`LaneSessionRead`). */
  sessionReads?: readonly LaneSessionRead[];
  /**
   * Told of each answer the lane gives (the plugins' `observe.answer`). Without it the
   * lane runs exactly as before: the timing wrapper is only installed when it is given.
   */
  observe?(answer: ObservedAnswer): void;
}

/** How many distinct `Origin` values the lane remembers the CORS answer of (a page's origin repeats). */
const CORS_MEMO_SIZE = 256;

const unauthorized = new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED);

/**
 * `GET /get-session` and `GET /list-sessions` without a query, the calls an app makes on
 * nearly every request (and plugins' read-only GETs answered from the session: `LaneSessionRead`), answered without the general pipeline (no Fetch objects, router
 * or per-request context) whenever answering writes nothing: no cookie to set, no row to
 * touch. On SQLite the answer comes in the same tick. Everything else (a renewal due, a
 * session gone whose cookies must be cleared, a cache cookie to write, a query string) is
 * handed to the general route, which then answers exactly as it always does; the session
 * logic itself is the session manager's, shared by both.
 *
 * The rate limit is counted only when the lane answers, so a request it hands on is
 * counted once, by the pipeline. Origin checks do not apply to GET; a page's `Origin` gets
 * the CORS headers the general route would give it (none for an untrusted one), looked up
 * once per distinct origin.
 */
export class FastLane {
  private readonly routes: Map<string, LaneRoute>;
  private readonly corsMemo = new Map<string, Record<string, string> | null>();

  constructor(private readonly deps: FastLaneDeps) {
    const { sessions, basePath } = deps;
    const routes: [string, LaneRoute][] = [
      [`${basePath}/get-session`, { path: '/get-session', peek: (cookie) => sessions.peekSessionJson(cookie) }],
      [`${basePath}/list-sessions`, { path: '/list-sessions', peek: (cookie) => sessions.peekSessionListJson(cookie) }],
      ...(deps.sessionReads ?? []).map((read): [string, LaneRoute] => [
        `${basePath}${read.path}`,
        { path: read.path, peek: (cookie) => this.sessionRead(read, cookie) },
      ]),
    ];
    const handOn = new Set(deps.handOnPaths ?? []);
    this.routes = new Map(routes.filter(([, route]) => !handOn.has(route.path)));
    const { observe } = deps;
    if (observe) this.answer = this.observed(observe);
  }

  /**
   * `answer` timed and told: an error the lane meets becomes its answer here (as `failed`
   * would make it for the server), so that it is told too.
   */
  private observed(observe: (answer: ObservedAnswer) => void): FastLane['answer'] {
    const plain = this.answer.bind(this);
    return (request) => {
      const start = performance.now();
      const tell = (answer: LaneAnswer | undefined) => {
        if (answer)
          observe({
            method: 'GET',
            path: this.routes.get(request.target)?.path ?? request.target,
            status: answer.status,
            seconds: (performance.now() - start) / 1000,
          });
        return answer;
      };
      let answer: ReturnType<FastLane['answer']>;
      try {
        answer = plain(request);
      } catch (e) {
        return tell(this.failed(e, request));
      }
      return answer instanceof Promise ? answer.then(tell, (e: unknown) => tell(this.failed(e, request))) : tell(answer);
    };
  }

  /** A plugin's session read as a lane route's JSON: its answer for the caller's session, an error it met, or the general route's turn. */
  private sessionRead(read: LaneSessionRead, cookieHeader: string | null): MaybePromise<string | null | undefined | Failed> {
    return after(this.deps.sessions.peekSessionAnswer(cookieHeader), (session) => {
      if (!session) return session;
      let value: ReturnType<LaneSessionRead['answer']>;
      try {
        value = read.answer(session);
      } catch (error) {
        return { error };
      }
      if (!(value instanceof Promise)) return value === undefined ? undefined : JSON.stringify(value);
      return value.then(
        (v) => (v === undefined ? undefined : JSON.stringify(v)),
        (error: unknown) => ({ error }),
      );
    });
  }

  /** Whether a GET to `target` is the lane's to try: a cheap test before building a `LaneRequest`. */
  handles(target: string): boolean {
    return this.routes.has(target);
  }

  /**
   * The answer to an error the lane met (a lost database: 503), as the general route would
   * give it. Handing such a request on instead would wait for the database a second time.
   */
  failed(error: unknown, request: LaneRequest): LaneAnswer {
    return this.withCors(errorAnswer(this.deps.logger, error, { method: 'GET', url: request.target, header: request.header }, this.deps.i18n), request);
  }

  /** The answer with the CORS headers its request's `Origin` gets, if any. */
  private withCors(answer: LaneAnswer, request: LaneRequest): LaneAnswer {
    const origin = request.header('origin');
    if (!origin) return answer;
    let cors = this.corsMemo.get(origin);
    if (cors === undefined) {
      cors = this.deps.corsHeaders(origin);
      if (this.corsMemo.size >= CORS_MEMO_SIZE) this.corsMemo.clear();
      this.corsMemo.set(origin, cors);
    }
    if (!cors) return answer;
    // The remembered object itself when there is nothing to merge: a server can key what it builds from it on it.
    // Built field by field, not spread: every lane answer keeps one shape, and the server's
    // reads of it stay monomorphic (a spread's copy missed its inline caches on every answer).
    return { status: answer.status, body: answer.body, headers: answer.headers ? { ...answer.headers, ...cors } : cors };
  }

  /** The answer, or `undefined`: the general pipeline must answer (nothing was counted). */
  answer(request: LaneRequest): MaybePromise<LaneAnswer | undefined> {
    const route = this.routes.get(request.target);
    if (!route) return undefined;
    for (const name of this.deps.handOnHeaders ?? []) if (request.header(name)) return undefined;
    return after(route.peek(request.header('cookie') ?? null), (json) => {
      if (json === undefined) return undefined;
      const ip = clientIp(this.deps.trustedProxies, request.header('x-forwarded-for'), request.ip);
      return after(this.deps.rateLimiter.count(route.path, ip), (refused): LaneAnswer => {
        if (refused || json === null) return this.failed(refused ?? unauthorized, request);
        if (typeof json !== 'string') return this.failed(json.error, request);
        return this.withCors({ status: 200, body: json }, request);
      });
    });
  }
}
