import type { IncomingMessage, RequestListener } from 'node:http';

export interface NodeBridgeOptions {
  /** The path prefix the Node app is mounted at: stripped from `req.url`, kept in `req.originalUrl`. */
  mountPath: string;
  /**
   * The public URL the app must see itself at (`x-forwarded-proto` / `x-forwarded-host` are set
   * from it, whatever the caller sent), so that the URLs it builds match the configured base URL.
   */
  publicURL: URL;
}

/**
 * Runs a Node-style request listener (a Koa or Express app) for a Fetch `Request` and answers a
 * Fetch `Response`, without a socket (light-my-request's in-process injection). For protocol
 * implementations that are Node apps of their own, mounted under the base path (`Plugin.mount`).
 */
export async function fetchFromNode(listener: RequestListener, { mountPath, publicURL }: NodeBridgeOptions) {
  // Loaded by the plugins that mount an app, not at every start.
  const { default: inject } = await import('light-my-request');
  return async (request: Request, ip: string | null): Promise<Response> => {
    const url = new URL(request.url);
    const inner = url.pathname.slice(mountPath.length) || '/';
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'x-forwarded-proto' && name !== 'x-forwarded-host' && name !== 'x-forwarded-for') headers[name] = value;
    });
    headers['x-forwarded-proto'] = publicURL.protocol.slice(0, -1);
    headers['x-forwarded-host'] = publicURL.host;
    if (ip) headers['x-forwarded-for'] = ip;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
    const original = url.pathname + url.search;
    const answer = await inject(
      (req: IncomingMessage & { originalUrl?: string }, res) => {
        req.originalUrl = original;
        listener(req, res);
      },
      { method: request.method as 'GET', url: inner + url.search, headers, ...(payload ? { payload } : {}), remoteAddress: ip ?? '127.0.0.1' },
    );
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'transfer-encoding' || name === 'connection' || name === 'keep-alive') continue;
      if (Array.isArray(value)) for (const v of value) out.append(name, v);
      else out.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: out });
  };
}
