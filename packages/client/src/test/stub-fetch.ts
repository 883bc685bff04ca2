/** A recorded request of the stubbed fetch. */
export interface Sent {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

type Reply = Response | (() => Response | Promise<Response>) | Error;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A fetch stand-in: answers each request from `route(path)` (path relative to
 * the API's base path), records what was sent, and throws for `Error` replies.
 */
export function stubFetch(route: (path: string, method: string) => Reply) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({
      url,
      method,
      body,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    });
    const path = new URL(url, 'http://test').pathname.replace(/^\/api\/auth/, '');
    const reply = route(path, method);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}
