import type { AuthContext } from './context.js';

/**
 * Cross-origin calls from the trusted origins (the `trustedOrigins` option and the service's
 * own): a browser app on `https://app.example.com` may call Gatehouse on
 * `https://auth.example.com` with its cookies. Answers to a trusted `Origin` name it in
 * `Access-Control-Allow-Origin` with credentials allowed; preflights (`OPTIONS`) are answered
 * here, before any route or rate limit. Any other origin gets no CORS headers, so its browser
 * keeps the answer from the page. This only lets pages read answers: which origins may send
 * a state-changing request is still decided by the origin check (spec section 5).
 */
const ALLOWED_METHODS = 'GET, POST';
const PREFLIGHT_MAX_AGE = '600';

/** The CORS headers for a request from `origin`, or null when it gets none. */
export function corsHeaders(auth: AuthContext, origin: string | null): Record<string, string> | null {
  if (!origin || origin === 'null' || !auth.origins.isTrustedOrigin(origin)) return null;
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/** The answer to an `OPTIONS` request: a preflight from a trusted origin is allowed, any other gets no CORS headers. */
export function preflight(auth: AuthContext, request: Request): Response {
  const cors = corsHeaders(auth, request.headers.get('origin'));
  const headers: Record<string, string> = { allow: `${ALLOWED_METHODS}, OPTIONS` };
  if (cors && request.headers.get('access-control-request-method')) {
    Object.assign(headers, cors, {
      'access-control-allow-methods': ALLOWED_METHODS,
      // The headers the page asked for (content-type, a client's own): their values are
      // still checked by the routes; only reading the answer is at stake here.
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
      'access-control-max-age': PREFLIGHT_MAX_AGE,
    });
  }
  return new Response(null, { status: 204, headers });
}

/** `response` with the CORS headers added (a copy when its headers are immutable, as a redirect's are). */
export function withCors(response: Response, cors: Record<string, string>): Response {
  const add = (r: Response) => {
    for (const [name, value] of Object.entries(cors)) {
      if (name === 'vary') r.headers.append(name, value);
      else r.headers.set(name, value);
    }
    return r;
  };
  try {
    return add(response);
  } catch {
    return add(new Response(response.body, response));
  }
}
