import { clientIp } from './client-ip.js';
import type { AuthContext } from './context.js';
import { readCookie, serializeCookie, type CookieAttributes } from './cookies.js';
import type { AfterHook, AnyEndpoint, BeforeHook, EndpointContext, SignInGate } from './endpoint.js';
import { APIError, BASE_ERRORS, fail } from './errors.js';
import { schemaRefusal } from './i18n/validation.js';
import type { SessionWithUser } from './session/types.js';

const REDIRECT_ERRORS: Record<string, keyof typeof BASE_ERRORS> = {
  callbackURL: 'INVALID_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
};

export interface CallInfo {
  ip?: string | null;
  /** A server-side `api` call: no origin check, no rate limit. */
  internal?: boolean;
  /**
   * The request's body as its bytes, when the host has already read it (the server does, for
   * small bodies of declared length): the pipeline parses these and leaves the request's own
   * body unread, sparing the Fetch `Request` its stream. Nothing else changes: the limit
   * (`advanced.maxBodySize`), the decoding (UTF-8, a leading BOM dropped) and the errors.
   */
  body?: Uint8Array;
  /**
   * Whether the client has hung up (the host's own knowledge: the server's response closed
   * before it was finished). Without it, the request's `signal` tells, where the host aborts it.
   */
  clientGone?: () => boolean;
}

const NUL_MESSAGE = 'Invalid request: text must not contain NUL characters';

/**
 * NUL belongs in no field, and PostgreSQL refuses it in text outright (an error, so a 500):
 * refused here, the same on every database. Nesting deeper than 32 is not looked into.
 */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/** As the Fetch API's `text()` decodes: UTF-8, a leading BOM dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

async function readBody(auth: AuthContext, request: Request, read: Uint8Array | undefined): Promise<unknown> {
  const limit = auth.options.advanced.maxBodySize;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) fail('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE');
  const text = read ? utf8.decode(read) : await request.text();
  if (Buffer.byteLength(text) > limit) fail('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE');
  if (!text.trim()) return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return fail('BAD_REQUEST', 'INVALID_JSON');
  }
}

/**
 * Cross-site request forgery, login CSRF included (spec section 5, extended by issue 14): a
 * state-changing request is refused, with or without cookies, when its Origin (or, without
 * one, its Referer) is present and not trusted, and when the browser marks it cross-site or
 * same-site (`Sec-Fetch-Site`) without a trusted Origin vouching for it. A cookie-less form
 * post from a foreign page would otherwise sign the visitor into the attacker's account.
 * A request with neither header is accepted: browsers send Origin on every cross-site POST,
 * and the API's other clients (servers, CLIs, mobile apps) send none.
 */
function checkOrigin(auth: AuthContext, request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const origin = request.headers.get('origin');
  const source = origin || request.headers.get('referer');
  if (source) {
    // `null` is an opaque origin: a sandboxed frame, a data: page, a cross-site redirect.
    if (source === 'null' || !isTrustedSource(auth, source)) fail('FORBIDDEN', 'INVALID_ORIGIN');
    // A trusted Origin vouches for the request, also from another site (CORS, cors.ts).
    if (origin) return;
  }
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') fail('FORBIDDEN', 'INVALID_ORIGIN');
}

function isTrustedSource(auth: AuthContext, source: string): boolean {
  try {
    return auth.origins.isTrustedOrigin(new URL(source).origin);
  } catch {
    return false;
  }
}

/** A request on its way through the stages, before the route's context exists. */
export interface PipelineRequest {
  readonly auth: AuthContext;
  readonly endpoint: AnyEndpoint;
  readonly request: Request;
  readonly params: Record<string, string>;
  readonly info: CallInfo;
  /** The client address, as far as it can be trusted. */
  readonly ip: string | null;
  body: unknown;
  query: unknown;
}

/** A stage: refuses (throws an APIError) or lets the request on, perhaps with its body or query set. */
export type RequestStage = (r: PipelineRequest) => void | Promise<void>;

/** A stage once the route's context exists (session, guards). */
export type ContextStage = (c: EndpointContext, endpoint: AnyEndpoint) => void | Promise<void>;

/** Spec section 9: a request over its path's limit gets 429 (not for server-side calls). */
export const rateLimitStage: RequestStage = async (r) => {
  if (r.info.internal) return;
  const refused = await r.auth.rateLimiter.count(r.endpoint.path, r.ip);
  if (refused) throw refused;
};

/** CSRF: a cookie-carrying write from an untrusted origin gets 403 INVALID_ORIGIN. */
export const originStage: RequestStage = (r) => {
  if (!r.info.internal && !r.endpoint.skipOriginCheck) checkOrigin(r.auth, r.request);
};

/** The body, read within `advanced.maxBodySize` (413) and parsed as JSON or a form (400 INVALID_JSON). */
export const bodyStage: RequestStage = async (r) => {
  if (r.request.method !== 'GET' && r.request.method !== 'HEAD') r.body = await readBody(r.auth, r.request, r.info.body);
};

/** Body and query against the route's schemas: 400 VALIDATION_ERROR with the issues by field; no NUL anywhere. */
export const validationStage: RequestStage = (r) => {
  const { endpoint } = r;
  if (endpoint.body) {
    const input = r.body ?? {};
    const parsed = endpoint.body.safeParse(input);
    if (!parsed.success) throw schemaRefusal(r.auth.i18n, endpoint.body, input, parsed.error);
    r.body = parsed.data;
  }
  if (endpoint.query) {
    const parsed = endpoint.query.safeParse(r.query);
    if (!parsed.success) throw schemaRefusal(r.auth.i18n, endpoint.query, r.query, parsed.error);
    r.query = parsed.data;
  }
  if (hasNul(r.body) || hasNul(r.query) || hasNul(r.params)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', NUL_MESSAGE);
};

/** Redirect targets (`redirectFields`) must be trusted: 403 with the field's own code. */
export const redirectStage: RequestStage = (r) => {
  for (const field of r.endpoint.redirectFields ?? []) {
    const value = (r.body as Record<string, unknown> | undefined)?.[field] ?? (r.query as Record<string, unknown> | undefined)?.[field];
    if (typeof value === 'string' && value && !r.auth.origins.isAllowedRedirect(value)) {
      fail('FORBIDDEN', REDIRECT_ERRORS[field] ?? 'INVALID_CALLBACK_URL');
    }
  }
};

/** `requireSession`: 401 without a session; the session is then the route's `c.session`. */
export const sessionStage: ContextStage = async (c, endpoint) => {
  if (!endpoint.requireSession) return;
  const s = await c.getSession();
  if (!s) throw new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED);
  c.session = s;
};

/**
 * `requirePerson`: a request whose session a machine credential made (an API key) gets 403
 * API_KEY_NOT_ALLOWED, also on a route whose session is optional (verify-totp enrols with one).
 */
export const personStage: ContextStage = async (c, endpoint) => {
  if (!endpoint.requirePerson) return;
  const s = c.session ?? (await c.getSession());
  if (s?.machine) fail('FORBIDDEN', 'API_KEY_NOT_ALLOWED');
};

/** `requireSession: 'fresh'`: 403 SESSION_NOT_FRESH for a session older than `session.freshAge`. */
export const guardStage: ContextStage = (c, endpoint) => {
  if (endpoint.requireSession === 'fresh' && c.session && !c.auth.sessions.isFresh(c.session.session)) fail('FORBIDDEN', 'SESSION_NOT_FRESH');
};

/** The stages every request passes, in order, before its context is made. */
export const REQUEST_STAGES: readonly RequestStage[] = [rateLimitStage, originStage, bodyStage, validationStage, redirectStage];

/** The stages after the context is made, before the plugins' `before` hooks and the handler. */
export const CONTEXT_STAGES: readonly ContextStage[] = [sessionStage, personStage, guardStage];

/** What the plugins hook into every route with (gathered once, by `createAuth`). */
export interface PipelineSeams {
  signInGates: readonly SignInGate[];
  before: readonly BeforeHook[];
  after: readonly AfterHook[];
}

export const NO_SEAMS: PipelineSeams = { signInGates: [], before: [], after: [] };

/**
 * Adds a Set-Cookie line; the last word on a name wins, so an answer says one thing per
 * cookie (a sign-out that clears the session cookie and a plugin that then sets it to
 * another session answer only the latter).
 */
function putCookie(headers: Headers, name: string, line: string): void {
  const earlier = headers.getSetCookie();
  if (earlier.some((l) => l.startsWith(`${name}=`))) {
    headers.delete('set-cookie');
    for (const l of earlier) if (!l.startsWith(`${name}=`)) headers.append('set-cookie', l);
  }
  headers.append('set-cookie', line);
}

/** The route's context over a request that passed the stages: cookies in, cookies and headers out. */
function endpointContext(r: PipelineRequest, seams: PipelineSeams, responseHeaders: () => Headers): EndpointContext {
  const { auth, request } = r;
  const cookieHeader = request.headers.get('cookie');
  let sessionLookup: Promise<SessionWithUser | null> | undefined;
  const c: EndpointContext = {
    auth,
    request,
    headers: request.headers,
    body: r.body,
    query: r.query,
    params: r.params,
    path: r.endpoint.path,
    serverCall: !!r.info.internal,
    ip: r.ip,
    session: null,
    clientGone: r.info.internal ? () => false : (r.info.clientGone ?? (() => request.signal?.aborted === true)),
    signInGates: seams.signInGates,
    getSession() {
      sessionLookup ??= auth.sessions.fromRequest(c);
      return sessionLookup;
    },
    getCookie: (name) => readCookie(cookieHeader, name),
    getSignedCookie(name) {
      const v = readCookie(cookieHeader, name);
      return v ? auth.signer.unsign(v) : null;
    },
    setCookie(name, value, attrs: CookieAttributes = {}) {
      putCookie(responseHeaders(), name, serializeCookie(name, value, { secure: auth.secureCookies, ...attrs }));
    },
    setSignedCookie(name, value, attrs) {
      c.setCookie(name, auth.signer.sign(value), attrs);
    },
    deleteCookie(name) {
      putCookie(responseHeaders(), name, serializeCookie(name, '', { maxAge: 0, secure: auth.secureCookies }));
    },
    get responseHeaders() {
      return responseHeaders();
    },
    redirect(location, status = 302) {
      const h = responseHeaders();
      h.set('location', location);
      return new Response(null, { status, headers: h });
    },
  };
  return c;
}

/** The handler's result as a Response, with the headers the route set. */
function respond(result: unknown, headers: Headers | undefined): Response {
  if (result instanceof Response) {
    if (!headers || result.headers === headers) return result;
    const merged = new Headers(result.headers);
    // `c.redirect` builds its Response from these very headers (copied by the constructor):
    // a cookie already there is not set twice.
    const already = new Set(merged.getSetCookie());
    headers.forEach((v, k) => {
      if (k !== 'set-cookie') {
        if (!merged.has(k)) merged.set(k, v);
      } else if (!already.has(v)) merged.append(k, v);
    });
    return new Response(result.body, { status: result.status, headers: merged });
  }
  const json = JSON.stringify(result ?? null);
  // A fresh object each time: the Node adapter writes Content-Length into it.
  if (!headers) return new Response(json, { status: 200, headers: { 'content-type': 'application/json' } });
  headers.set('content-type', 'application/json');
  return new Response(json, { status: 200, headers });
}

/** What a route gave: the handler's value (or a hook's) and the headers it set, before any HTTP answer is made. */
export interface RouteOutcome {
  result: unknown;
  /** Headers the route set (its cookies), when it set any. */
  headers: Headers | undefined;
}

/** A route run (`runStages`), answered once the database kept what it wrote. */
async function runRoute(r: PipelineRequest, stages: readonly RequestStage[], seams: PipelineSeams): Promise<RouteOutcome> {
  const commits = r.auth.database.commits;
  if (!commits) return runStages(r, stages, seams);
  // SQLite commits a turn's writes at its end (`db/turn-commit.ts`): nothing is answered before its own are kept.
  const mark = commits.mark();
  try {
    return await runStages(r, stages, seams);
  } finally {
    await commits.settled(mark);
  }
}

/**
 * The stages, the context stages, the plugins' `before` hooks (a value answers instead of
 * the handler), the handler and the plugins' `after` hooks (a value replaces the answer).
 */
async function runStages(r: PipelineRequest, stages: readonly RequestStage[], seams: PipelineSeams): Promise<RouteOutcome> {
  for (const stage of stages) await stage(r);

  // Made only when something sets a header: most answers (get-session) set none.
  let headers: Headers | undefined;
  const c = endpointContext(r, seams, () => (headers ??= new Headers()));
  for (const stage of CONTEXT_STAGES) await stage(c, r.endpoint);

  let result: unknown;
  for (const before of seams.before) {
    result = await before(c);
    if (result !== undefined) break;
  }
  if (result === undefined) result = await r.endpoint.handler(c);
  for (const after of seams.after) {
    const replaced = await after(c, result);
    if (replaced !== undefined) result = replaced;
  }
  return { result, headers };
}

/** Runs one endpoint for one HTTP request: every stage, then the answer as a Response. */
export async function runEndpoint(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: Request,
  params: Record<string, string>,
  info: CallInfo,
  seams: PipelineSeams = NO_SEAMS,
): Promise<Response> {
  const q = request.url.indexOf('?');
  const r: PipelineRequest = {
    auth,
    endpoint,
    request,
    params,
    info,
    ip: clientIp(auth.options.advanced.trustedProxies, request.headers.get('x-forwarded-for'), info.ip ?? null),
    body: undefined,
    query: q === -1 ? {} : Object.fromEntries(new URLSearchParams(request.url.slice(q + 1))),
  };
  const { result, headers } = await runRoute(r, REQUEST_STAGES, seams);
  return respond(result, headers);
}

/** A server-side call (`auth.api`): its data as given, never serialized. */
export interface DirectCall {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  headers?: HeadersInit;
}

/**
 * The stages of a server-side call: no rate limit, no origin check (the server is the
 * caller) and no body to read, but the same validation and redirect checks as over HTTP.
 */
export const DIRECT_STAGES: readonly RequestStage[] = [validationStage, redirectStage];

/**
 * Runs one endpoint for a server-side caller: the body and query go to the route's
 * schemas as they are, and the handler's value comes back as it is (dates as `Date`s);
 * nothing is turned into JSON and read back. The route's context still holds a Request
 * (without a body) for its method, URL and headers: the cookies the call carries.
 */
export async function callEndpoint(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  call: DirectCall,
  seams: PipelineSeams = NO_SEAMS,
): Promise<RouteOutcome & { request: Request }> {
  const params = call.params ?? {};
  let path = endpoint.path;
  for (const [k, v] of Object.entries(params)) path = path.replace(`:${k}`, encodeURIComponent(v));
  const url = new URL(auth.url(path));
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const methods = Array.isArray(endpoint.method) ? endpoint.method : [endpoint.method];
  const method = call.body !== undefined && methods.includes('POST') ? 'POST' : methods[0]!;
  const request = new Request(url, { method, headers: call.headers });
  const r: PipelineRequest = {
    auth,
    endpoint,
    request,
    params,
    info: { internal: true },
    ip: clientIp(auth.options.advanced.trustedProxies, request.headers.get('x-forwarded-for'), null),
    body: method === 'POST' ? (call.body ?? {}) : undefined,
    query: call.query ?? {},
  };
  return { ...(await runRoute(r, DIRECT_STAGES, seams)), request };
}

/** A route's outcome as the HTTP answer it makes (JSON 200, or its Response with the route's cookies). */
export function responseOf(outcome: RouteOutcome): Response {
  return respond(outcome.result, outcome.headers);
}
