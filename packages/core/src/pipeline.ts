import type { z } from 'zod';
import type { AuthContext } from './context.js';
import { readCookie, serializeCookie, type CookieAttributes } from './cookies.js';
import type { AnyEndpoint, EndpointContext } from './endpoint.js';
import { APIError, BASE_ERRORS, fail } from './errors.js';
import { canonicalIp, clientKey, type RateCount, type RateRule } from './rate-limit.js';
import type { SessionWithUser } from './session/types.js';

const REDIRECT_ERRORS: Record<string, keyof typeof BASE_ERRORS> = {
  callbackURL: 'INVALID_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
};

// Paths limited to 3 requests per 10 s (spec section 9).
const STRICT_PATHS = [/^\/sign-in\//, /^\/sign-up\//, /^\/change-password$/, /^\/change-email$/];

export interface CallInfo {
  ip?: string | null;
  /** A server-side `api` call: no origin check, no rate limit. */
  internal?: boolean;
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

function zodMessage(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = i.path.join('.');
      if (i.code === 'invalid_type' && /received undefined/.test(i.message)) return `${path} is required`;
      return path ? `[${path}] ${i.message}` : i.message;
    })
    .join('; ');
}

/**
 * The client's address: the peer's, or, behind trusted proxies, the right-most
 * X-Forwarded-For hop that is not one of them (with `trustedProxies: true`, the first hop).
 */
export function clientIp(auth: AuthContext, forwardedFor: string | null | undefined, peer: string | null): string | null {
  const trusted = auth.options.advanced.trustedProxies;
  if (!trusted || !forwardedFor) return peer;
  // Compared in one spelling, so `::ffff:10.0.0.1` (a dual-stack socket) is the proxy `10.0.0.1`.
  const isProxy = (a: string) => Array.isArray(trusted) && trusted.some((p) => canonicalIp(p) === canonicalIp(a));
  if (trusted === true || (peer && isProxy(peer))) {
    const hops = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      if (trusted === true) return hops[0]!;
      if (!isProxy(hops[i]!)) return hops[i]!;
    }
  }
  return peer;
}

async function readBody(auth: AuthContext, request: Request): Promise<unknown> {
  const limit = auth.options.advanced.maxBodySize;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) fail('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE');
  const text = await request.text();
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

/** The rule for each declared path, resolved at its first request. */
const rules = new WeakMap<AuthContext, Map<string, RateRule | null>>();

function ruleFor(auth: AuthContext, path: string): RateRule | null {
  let known = rules.get(auth);
  if (!known) {
    known = new Map();
    rules.set(auth, known);
  }
  let rule = known.get(path);
  if (rule !== undefined) return rule;
  const rl = auth.options.rateLimit;
  const custom = rl.customRules[path];
  if (custom === false) rule = null;
  else {
    rule = custom ?? null;
    if (!rule) for (const p of auth.plugins) if (p.rateLimit?.[path]) rule = p.rateLimit[path];
    if (!rule && STRICT_PATHS.some((re) => re.test(path))) rule = { window: 10, max: 3 };
    rule ??= { window: rl.window, max: rl.max };
  }
  known.set(path, rule);
  return rule;
}

function refusal(count: RateCount, max: number, now: number): APIError | undefined {
  if (count.count <= max) return undefined;
  const retry = String(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
  return new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', BASE_ERRORS.TOO_MANY_REQUESTS, {
    'Retry-After': retry,
    'X-Retry-After': retry,
  });
}

/**
 * Counts one request to `path` from `ip` (spec section 9); the 429 to answer when it is
 * over its rule. At once where the store counts at once (memory), else a Promise.
 */
export function countRequest(auth: AuthContext, path: string, ip: string | null): APIError | undefined | Promise<APIError | undefined> {
  if (!auth.options.rateLimit.enabled) return undefined;
  const rule = ruleFor(auth, path);
  if (!rule) return undefined;
  const now = auth.now();
  const counted = auth.rateStore.hit(`${clientKey(ip)}|${path}`, rule.window * 1000, now);
  return counted instanceof Promise ? counted.then((c) => refusal(c, rule.max, now)) : refusal(counted, rule.max, now);
}

/** Runs one endpoint for one request: checks, parsing, session, handler, cookies. */
export async function runEndpoint(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: Request,
  params: Record<string, string>,
  info: CallInfo,
): Promise<Response> {
  // Made only when something sets a header: most answers (get-session) set none.
  let headers: Headers | undefined;
  const responseHeaders = () => (headers ??= new Headers());
  const cookieHeader = request.headers.get('cookie');
  const ip = clientIp(auth, request.headers.get('x-forwarded-for'), info.ip ?? null);
  const q = request.url.indexOf('?');

  if (!info.internal) {
    const refused = await countRequest(auth, endpoint.path, ip);
    if (refused) throw refused;
    if (!endpoint.skipOriginCheck) checkOrigin(auth, request);
  }

  let body: unknown;
  if (request.method !== 'GET' && request.method !== 'HEAD') body = await readBody(auth, request);
  if (endpoint.body) {
    const r = endpoint.body.safeParse(body ?? {});
    if (!r.success) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', zodMessage(r.error));
    body = r.data;
  }
  let query: unknown = q === -1 ? {} : Object.fromEntries(new URLSearchParams(request.url.slice(q + 1)));
  if (endpoint.query) {
    const r = endpoint.query.safeParse(query);
    if (!r.success) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', zodMessage(r.error));
    query = r.data;
  }
  if (hasNul(body) || hasNul(query) || hasNul(params)) throw new APIError('BAD_REQUEST', 'VALIDATION_ERROR', NUL_MESSAGE);
  for (const field of endpoint.redirectFields ?? []) {
    const value = (body as Record<string, unknown> | undefined)?.[field] ?? (query as Record<string, unknown> | undefined)?.[field];
    if (typeof value === 'string' && value && !auth.origins.isAllowedRedirect(value)) {
      fail('FORBIDDEN', REDIRECT_ERRORS[field] ?? 'INVALID_CALLBACK_URL');
    }
  }

  let sessionLookup: Promise<SessionWithUser | null> | undefined;
  const c: EndpointContext<never, never> = {
    auth,
    request,
    headers: request.headers,
    body: body as never,
    query: query as never,
    params,
    path: endpoint.path,
    ip,
    session: null,
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
      responseHeaders().append('set-cookie', serializeCookie(name, value, { secure: auth.secureCookies, ...attrs }));
    },
    setSignedCookie(name, value, attrs) {
      c.setCookie(name, auth.signer.sign(value), attrs);
    },
    deleteCookie(name) {
      responseHeaders().append('set-cookie', serializeCookie(name, '', { maxAge: 0, secure: auth.secureCookies }));
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

  if (endpoint.requireSession) {
    const s = await c.getSession();
    if (!s) throw new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED);
    if (endpoint.requireSession === 'fresh' && !auth.sessions.isFresh(s.session)) fail('FORBIDDEN', 'SESSION_NOT_FRESH');
    c.session = s;
  }

  const result = await endpoint.handler(c);
  if (result instanceof Response) {
    if (!headers || result.headers === headers) return result;
    const merged = new Headers(result.headers);
    headers.forEach((v, k) => {
      if (k === 'set-cookie') merged.append(k, v);
      else if (!merged.has(k)) merged.set(k, v);
    });
    return new Response(result.body, { status: result.status, headers: merged });
  }
  const json = JSON.stringify(result ?? null);
  // A fresh object each time: the Node adapter writes Content-Length into it.
  if (!headers) return new Response(json, { status: 200, headers: { 'content-type': 'application/json' } });
  headers.set('content-type', 'application/json');
  return new Response(json, { status: 200, headers });
}
