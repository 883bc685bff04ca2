import type { z } from 'zod';
import { clientIp } from './client-ip.js';
import type { AuthContext } from './context.js';
import { readCookie, serializeCookie, type CookieAttributes } from './cookies.js';
import type { AnyEndpoint, EndpointContext, SignInGate } from './endpoint.js';
import { APIError, BASE_ERRORS, fail } from './errors.js';
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

function checkOrigin(auth: AuthContext, request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  if (!request.headers.has('cookie')) return;
  const origin = request.headers.get('origin') || request.headers.get('referer');
  if (origin && origin !== 'null') {
    let o: string;
    try {
      o = new URL(origin).origin;
    } catch {
      fail('FORBIDDEN', 'INVALID_ORIGIN');
    }
    if (!auth.origins.isTrustedOrigin(o)) fail('FORBIDDEN', 'INVALID_ORIGIN');
    return;
  }
  // Neither Origin nor Referer. A browser sends Origin on every cross-site POST and
  // marks it with Sec-Fetch-Site, so only what a browser says is cross-site (or an opaque
  // "null" origin) is refused: the API's other clients (servers, CLIs, mobile apps) send
  // cookies without an Origin, and CSRF needs a browser.
  const site = request.headers.get('sec-fetch-site');
  if (origin === 'null' || (site && site !== 'same-origin' && site !== 'none')) fail('FORBIDDEN', 'INVALID_ORIGIN');
}

/** Runs one endpoint for one request: checks, parsing, session, handler, cookies. */
export async function runEndpoint(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: Request,
  params: Record<string, string>,
  info: CallInfo,
  signInGates: readonly SignInGate[],
): Promise<Response> {
  // Made only when something sets a header: most answers (get-session) set none.
  let headers: Headers | undefined;
  const responseHeaders = () => (headers ??= new Headers());
  const cookieHeader = request.headers.get('cookie');
  const ip = clientIp(auth.options.advanced.trustedProxies, request.headers.get('x-forwarded-for'), info.ip ?? null);
  const q = request.url.indexOf('?');

  if (!info.internal) {
    const refused = await auth.rateLimiter.count(endpoint.path, ip);
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
    signInGates,
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
