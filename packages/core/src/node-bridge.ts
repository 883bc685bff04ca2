import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ErrorAnswer, ErrorRequest } from './error-answer.js';
import { sharedUntilFailure } from './maybe.js';
import { loadPeer } from './peers.js';

export interface NodeBridgeOptions {
  /** The path prefix the Node app is mounted at: stripped from `req.url`, kept in `req.originalUrl`. */
  mountPath: string;
  /**
   * The public URL the app must see itself at (`x-forwarded-proto` / `x-forwarded-host` are set
   * from it, whatever the caller sent), so that the URLs it builds match the configured base URL.
   */
  publicURL: URL;
}

/** A mounted app's request as the app sees it: below the mount, the original target kept. */
type MountedRequest = IncomingMessage & { originalUrl?: string };

/**
 * The X-Forwarded-* a mounted app is given: protocol and host from the public URL, the client's
 * address as Gatehouse determined it (trusted proxies' X-Forwarded-For), never what the caller sent.
 */
function forwardedFrom(publicURL: URL): { proto: string; host: string } {
  return { proto: publicURL.protocol.slice(0, -1), host: publicURL.host };
}

// light-my-request (Fastify's request injection) is loaded at the first Fetch request, by a
// library user's `handler(Request)` alone: a Node server hands the app Node's own request
// (`nodeMountListener`) and never loads it.
const injector = sharedUntilFailure(async () => (await loadPeer('light-my-request', () => import('light-my-request'))).default);

/**
 * Runs a Node-style request listener (a Koa or Express app) for a Fetch `Request` and answers a
 * Fetch `Response`, without a socket (light-my-request's in-process injection). This is the path
 * of `auth.handler(Request)` used without Node's server (another runtime's or framework's
 * handler); Gatehouse's own server serves mounted apps from Node's request instead
 * (`nodeMountListener`).
 */
export function fetchFromNode(listener: RequestListener, { mountPath, publicURL }: NodeBridgeOptions) {
  const forwarded = forwardedFrom(publicURL);
  return async (request: Request, ip: string | null): Promise<Response> => {
    const inject = await injector();
    const url = new URL(request.url);
    const inner = url.pathname.slice(mountPath.length) || '/';
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'x-forwarded-proto' && name !== 'x-forwarded-host' && name !== 'x-forwarded-for') headers[name] = value;
    });
    headers['x-forwarded-proto'] = forwarded.proto;
    headers['x-forwarded-host'] = forwarded.host;
    if (ip) headers['x-forwarded-for'] = ip;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
    const original = url.pathname + url.search;
    const answer = await inject(
      (req: MountedRequest, res) => {
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

/** A mounted app that can also be served from Node's request (`PluginMount.node`). */
export interface NodeMountable {
  paths?: readonly string[];
  prefixes?: readonly string[];
  /** Answers a request whose `url` is below the base path (`originalUrl` the whole target), with X-Forwarded-* set. */
  node?(req: IncomingMessage, res: ServerResponse): void | Promise<unknown>;
  /** Its own answer to a rate-limit refusal (`PluginMount.refused`). */
  refused?(error: never): Response;
  /** The path its requests are counted under (`PluginMount.rateLimitPath`). */
  rateLimitPath?(path: string): string;
}

/** Answers a mounted app's request from Node's request and says true, or says false and leaves it. */
export type NodeMountStep = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface NodeMountsOptions {
  basePath: string;
  publicURL: URL;
  mounts: readonly NodeMountable[];
  /** The client's address from the peer's and its X-Forwarded-For (trusted proxies). */
  clientIp(forwardedFor: string | null, peer: string | null): string | null;
  /** The rate limit of `path` (below the base path) for `ip`: a refusal to answer, or undefined. */
  count(path: string, ip: string | null): unknown | Promise<unknown>;
  /** The answer to a refusal or a failure, as the routes would give it. */
  answerError(error: unknown, request: ErrorRequest): ErrorAnswer;
}

/** A target the URL parser leaves as it is: origin-form, no dot segment, nothing it would encode. */
const PLAIN_TARGET = /^\/(?!\/)[A-Za-z0-9\-._~!$&()*+,;=:@/%?]*$/;

/**
 * The path and query of an origin-form request target, exactly as `auth.handler` sees them in the
 * Fetch `Request` @hono/node-server builds (`new URL(scheme://host + target)`: dot segments
 * resolved, some characters percent-encoded), so that a Node request goes where its Fetch twin
 * would; the parser runs only for a target it could change.
 */
function pathOf(target: string): { path: string; search: string } {
  if (PLAIN_TARGET.test(target) && !target.includes('/.') && !/%2e/i.test(target)) {
    const q = target.indexOf('?');
    // An empty query (`…?`) is no search, as in a URL.
    return q === -1 ? { path: target, search: '' } : { path: target.slice(0, q), search: q + 1 < target.length ? target.slice(q) : '' };
  }
  const url = new URL(`http://gatehouse.invalid${target}`);
  return { path: url.pathname, search: url.search };
}

/** A Fetch `Response` (a mount's own refusal) written to Node's response. */
async function writeResponse(res: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(answer.status, { ...headers, 'content-length': body.length });
  res.end(body);
}

function writeError(res: ServerResponse, answer: ErrorAnswer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/**
 * For a Node server: a listener step that answers the requests of mounted apps (`PluginMount.node`)
 * straight from Node's request and response, as `auth.handler` answers them from a Fetch
 * `Request` (the client's address, the rate limit of the path, then the app with its target below
 * the base path and X-Forwarded-* from the public URL), with no Fetch objects and no injection in
 * between. Answers true when it took the request; false leaves it to the caller. Undefined when no
 * mount can be served this way.
 */
export function nodeMountListener(options: NodeMountsOptions): NodeMountStep | undefined {
  const { basePath, mounts } = options;
  const served = mounts.filter((m) => m.node);
  if (served.length === 0) return undefined;
  const forwarded = forwardedFrom(options.publicURL);
  const find = (path: string) => served.find((m) => m.paths?.includes(path) || m.prefixes?.some((p) => path.startsWith(p)));

  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const original = (req as MountedRequest).originalUrl ?? req.url ?? '/';
    const url = `${forwarded.proto}://${forwarded.host}${original}`;
    try {
      writeError(res, options.answerError(error, { method: req.method ?? 'GET', url, header }));
    } catch {
      res.destroy();
    }
  };

  return (req, res) => {
    const target = req.url ?? '/';
    // What @hono/node-server refuses or reads otherwise (an absolute-form target, no Host, a
    // backslash in the path) goes on to it, to be answered as before.
    if (target[0] !== '/' || !req.headers.host) return false;
    const backslash = target.indexOf('\\');
    if (backslash !== -1 && (target.indexOf('?') === -1 || backslash < target.indexOf('?'))) return false;
    if (!target.startsWith(basePath) && !target.includes('.') && !target.includes('%')) return false;
    const { path: pathname, search } = pathOf(target);
    if (!pathname.startsWith(basePath)) return false;
    const path = pathname.slice(basePath.length);
    const mount = find(path);
    if (!mount?.node) return false;
    const headers: IncomingHttpHeaders = req.headers;
    const ip = options.clientIp((headers['x-forwarded-for'] as string | undefined) ?? null, req.socket.remoteAddress ?? null);
    const go = (refused: unknown) => {
      if (refused && mount.refused) return void writeResponse(res, mount.refused(refused as never)).catch(() => res.destroy());
      if (refused) return failed(req, res, refused);
      (req as MountedRequest).originalUrl = pathname + search;
      req.url = (path || '/') + search;
      headers['x-forwarded-proto'] = forwarded.proto;
      headers['x-forwarded-host'] = forwarded.host;
      if (ip) headers['x-forwarded-for'] = ip;
      else delete headers['x-forwarded-for'];
      try {
        const done = mount.node!(req, res);
        if (done instanceof Promise) done.catch((e: unknown) => failed(req, res, e));
      } catch (e) {
        failed(req, res, e);
      }
    };
    let counted: unknown;
    try {
      counted = options.count(mount.rateLimitPath?.(path) ?? path, ip);
    } catch (e) {
      failed(req, res, e);
      return true;
    }
    if (counted instanceof Promise) counted.then(go, (e: unknown) => failed(req, res, e));
    else go(counted);
    return true;
  };
}
