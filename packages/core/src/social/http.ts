import type { Dispatcher } from 'undici';

/**
 * Outgoing calls to providers. Every call has a timeout, so that a provider
 * that hangs cannot hold a request (and its database state) open.
 */
const TIMEOUT_MS = 10_000;
const USER_AGENT = 'Gatehouse';

export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly url: string,
  ) {
    super(`provider answered ${status} for ${url}`);
    this.name = 'ProviderHttpError';
  }
}

/** A call's options; `dispatcher` (undici's) chooses how it connects, e.g. the kit's `publicDispatcher()`. */
export interface ProviderCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  dispatcher?: Dispatcher;
}

async function send(url: string, init: ProviderCall): Promise<Response> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    // GitHub and Reddit refuse calls without a User-Agent.
    headers: { 'user-agent': USER_AGENT, ...init.headers },
    body: init.body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    // Node's fetch is undici's and takes its dispatcher (not in the DOM's RequestInit type).
    ...(init.dispatcher ? ({ dispatcher: init.dispatcher } as object) : {}),
  });
  if (!response.ok) throw new ProviderHttpError(response.status, (await response.text()).slice(0, 500), url);
  return response;
}

/** JSON, or a form-encoded answer (GitHub's token endpoint without Accept) read as an object. */
export async function fetchJson(url: string, init: ProviderCall = {}): Promise<unknown> {
  const response = await send(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return text ? JSON.parse(text) : null;
}

export async function fetchBinary(url: string, init: { headers?: Record<string, string> } = {}): Promise<{ type: string; bytes: Buffer }> {
  const response = await send(url, init);
  return { type: response.headers.get('content-type') ?? 'application/octet-stream', bytes: Buffer.from(await response.arrayBuffer()) };
}
