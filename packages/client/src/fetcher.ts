import { type AuthResult, errorFromAnswer, NETWORK_ERROR } from './result.js';

export type Method = 'GET' | 'POST';

/** A value that can travel in a query string. */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** Options applied to every request of a client. */
export interface FetchOptions {
  /** Sent with every request; a function is read at each request (e.g. the app's current language). */
  headers?: HeadersInit | (() => HeadersInit);
  /** A fetch implementation to use instead of the global one (tests, server-side rendering). */
  customFetchImpl?: typeof fetch;
  /** Other `fetch` init fields (mode, cache, …); `credentials` defaults to 'include'. */
  init?: Omit<RequestInit, 'method' | 'body' | 'headers' | 'signal'>;
}

/** Options of one call. */
export interface CallOptions {
  headers?: HeadersInit;
  signal?: AbortSignal;
}

export interface RequestSpec extends CallOptions {
  /** Default: GET without a payload, POST with one. */
  method?: Method;
  body?: unknown;
  query?: Query;
}

export interface FetcherConfig {
  baseURL?: string;
  basePath?: string;
  fetchOptions?: FetchOptions;
}

/** What a request produced, and whether its answer made the browser navigate away. */
export interface FetchOutcome {
  result: AuthResult<unknown>;
  navigated: boolean;
}

export type Fetcher = (path: string, spec: RequestSpec) => Promise<FetchOutcome>;

export function buildURL(config: FetcherConfig, path: string, query?: Query): string {
  const base = (config.baseURL ?? '').replace(/\/+$/, '');
  const basePath = (config.basePath ?? '/api/auth').replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${basePath}${path}${search ? `?${search}` : ''}`;
}

function isQuery(value: unknown): value is Query {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Whether an answer asks to send the browser on (`{ redirect: true, url }`). In a browser the client
 * has already done so when the call returns: a page that navigates to `url` again starts a second
 * navigation that cancels the first, which may by then have used a one-time message (a SAML
 * LogoutResponse), so the second is refused.
 */
export function isRedirectAnswer(data: unknown): data is { redirect: true; url: string } {
  if (typeof data !== 'object' || data === null) return false;
  const { redirect, url } = data as { redirect?: unknown; url?: unknown };
  return redirect === true && typeof url === 'string' && url !== '';
}

/** Sends the browser to `url` when the answer asks for it (`{redirect: true, url}`). */
function followRedirect(data: unknown): boolean {
  if (!isRedirectAnswer(data)) return false;
  if (typeof window === 'undefined' || !window.location) return false;
  window.location.href = data.url;
  return true;
}

/**
 * Creates the function every call goes through. It never throws: a failed
 * answer gives `{data: null, error}`, a network failure the `FETCH_ERROR` error.
 */
export function createFetcher(config: FetcherConfig): Fetcher {
  const options = config.fetchOptions ?? {};
  return async (path, spec) => {
    const method = spec.method ?? (spec.body !== undefined ? 'POST' : 'GET');
    const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers);
    new Headers(spec.headers).forEach((value, key) => {
      headers.set(key, value);
    });
    let body: string | undefined;
    if (method === 'POST') {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(spec.body ?? {});
    }
    // A GET route's payload travels as its query.
    const query = method === 'GET' && isQuery(spec.body) ? { ...spec.body, ...spec.query } : spec.query;
    const url = buildURL(config, path, query);
    const fetchImpl = options.customFetchImpl ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        credentials: 'include',
        ...options.init,
        method,
        headers,
        body,
        signal: spec.signal,
      });
    } catch {
      return { result: { data: null, error: { ...NETWORK_ERROR } }, navigated: false };
    }
    const parsed = await readBody(response);
    if (!response.ok) {
      const error = errorFromAnswer(response.status, response.statusText, parsed);
      return { result: { data: null, error }, navigated: false };
    }
    return { result: { data: parsed, error: null }, navigated: followRedirect(parsed) };
  };
}
