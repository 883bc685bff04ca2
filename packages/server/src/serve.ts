import { getRequestListener, serve, type ServerType } from '@hono/node-server';
import { createAuth, openDatabase, writeInBurst, type Auth, type FastLane, type LaneAnswer, type LaneRequest, type NodeMountStep } from '@gatehouse/core';
import { createServer, type IncomingMessage, type ServerOptions as HttpServerOptions, type RequestListener, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { libraryOptions, type ServerOptions } from './config.js';
import { createLogger } from './logger.js';
import { createStaticSite } from './static.js';
import { secondaryStorageFor } from './storage.js';

export interface RunningServer {
  url: string;
  auth: Auth;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_ROOT = resolve(here, '../../../apps/web/dist');

/** Starts the service: the auth API under its base path and the React app at `/`. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.logLevel);
  const secondaryStorage = options.secondaryStorage ?? (options.redisURL ? await secondaryStorageFor(options.redisURL, logger) : undefined);
  // A pool size means this process opens the database itself (and closes it on shutdown).
  const database = typeof options.database === 'string' && options.poolSize ? await openDatabase(options.database, { max: options.poolSize }) : undefined;
  const auth = createAuth({ ...libraryOptions(options), ...(database ? { database } : {}), logger, secondaryStorage });
  await auth.ready();
  const { basePath } = await auth.context();
  const lane = await auth.fastLane();
  const mounts = await auth.nodeMounts();
  const site = options.webRoot === false ? null : createStaticSite(options.webRoot ?? DEFAULT_WEB_ROOT);
  if (!site && options.webRoot !== false) logger.warn({ webRoot: options.webRoot ?? DEFAULT_WEB_ROOT }, 'the React app is not built; serving the API only');

  const state = { inFlight: 0, closing: false };
  const hostname = options.host ?? '127.0.0.1';
  type Env = { incoming?: { socket?: { remoteAddress?: string }; rawBody?: Buffer }; outgoing?: { readonly destroyed: boolean } };
  const answer = async (request: Request, env: Env) => {
    const path = request.url.slice(request.url.indexOf('/', 8));
    state.inFlight++;
    try {
      if (path === basePath || path.startsWith(`${basePath}/`) || !site) {
        const outgoing = env.outgoing;
        return await auth.handler(request, {
          ip: env.incoming?.socket?.remoteAddress ?? null,
          body: env.incoming?.rawBody,
          // The answer's stream is destroyed when the connection closes before it is finished.
          clientGone: outgoing ? () => outgoing.destroyed : undefined,
        });
      }
      return (await site(request)) ?? new Response(null, { status: 404 });
    } finally {
      state.inFlight--;
    }
  };
  // A request that arrives once the server is closing (on a kept-alive connection) is refused.
  const fetch = (request: Request, env: Env) =>
    state.closing
      ? new Response(JSON.stringify({ message: 'Server is shutting down', code: 'SHUTTING_DOWN' }), {
          status: 503,
          headers: { 'content-type': 'application/json', connection: 'close' },
        })
      : answer(request, env);
  // For requests whose body `bodyFirst` has read whole: they arrived before the server began
  // closing (it counted them in flight meanwhile), and with nothing left to drain, no listeners
  // are set for draining.
  const afterBody = getRequestListener(answer, { hostname, autoCleanupIncoming: false });
  const server: ServerType = serve({
    port: options.port ?? 3000,
    hostname,
    // The fast lane goes first (get-session, list-sessions): no Fetch objects on the hot path;
    // then mounted apps that take Node's request (the OpenID provider) get it as it is; then a
    // small body is read straight off Node's request, not through a web stream.
    createServer: ((serverOptions: HttpServerOptions, general: RequestListener) =>
      createServer(serverOptions, laneFirst(lane, mountsFirst(mounts, bodyFirst(general, afterBody, state), state), state))) as typeof createServer,
    fetch,
  });
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : (options.host ?? 'localhost')}:${port}`;

  return {
    url,
    auth,
    async close() {
      // Stop accepting; finish what is in flight (up to 10 s); then drop the kept-alive
      // connections, which would otherwise hold the process until their idle timeout.
      state.closing = true;
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      const deadline = Date.now() + 10_000;
      while (state.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const http = server as ServerType & { closeIdleConnections?(): void; closeAllConnections?(): void };
      http.closeIdleConnections?.();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000).unref())]);
      http.closeAllConnections?.();
      await closed;
      await auth.close();
      await database?.close();
      await (secondaryStorage as { close?: () => Promise<void> } | undefined)?.close?.();
    },
  };
}

/** A lane answer's headers before its length, by the lane's headers object (the same object for one `Origin`). */
const headCache = new WeakMap<object, readonly string[]>();
const NO_HEADERS: Readonly<Record<string, string>> = {};

/**
 * The headers of a lane answer in the order and spelling the general route writes them
 * (@hono/node-server: the `Headers` object's lower-case names, sorted, then `Content-Length`),
 * so that both paths answer byte for byte alike (tests/server/fast-lane-bytes.test.ts).
 * As `writeHead`'s flat list (name, value, name, value…), which Node walks by index, where an
 * object would be walked key by key; a fresh list each time: Node may keep a reference to it.
 */
function headOf(answer: LaneAnswer): (string | number)[] {
  const extra = answer.headers ?? NO_HEADERS;
  let sorted = headCache.get(extra);
  if (!sorted) {
    const named = new Map<string, string>(Object.entries(extra).map(([name, value]) => [name.toLowerCase(), value]));
    named.set('content-type', 'application/json');
    sorted = [...named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flat();
    headCache.set(extra, sorted);
  }
  const head: (string | number)[] = sorted.slice();
  head.push('Content-Length', Buffer.byteLength(answer.body));
  return head;
}

/**
 * A request listener that lets the fast lane answer what it can (`FastLane`), straight onto
 * the socket, and hands everything else, or anything the lane declines or fails at, to the
 * general listener: the lane only reads, so trying it first never changes an answer. An
 * error the lane meets is answered as the general route would answer it (a lost database:
 * 503), not tried a second time.
 *
 * Lane answers ready in the same event-loop turn are written together at its end
 * (`writeInBurst`): one burst of writes per turn, no wait beyond it.
 */
function laneFirst(lane: FastLane, general: RequestListener, state: { inFlight: number; closing: boolean }): RequestListener {
  const settle = (req: IncomingMessage, res: ServerResponse, answer: LaneAnswer | undefined) => {
    if (!answer) return general(req, res);
    writeInBurst(res, answer.status, headOf(answer), answer.body);
  };
  return (req, res) => {
    const target = req.url ?? '/';
    // A page's request (with an Origin) is the lane's too: its answer carries the CORS headers.
    if (req.method !== 'GET' || state.closing || !lane.handles(target)) return general(req, res);
    const request: LaneRequest = { target, header: (name) => req.headers[name] as string | undefined, ip: req.socket.remoteAddress ?? null };
    let answer: ReturnType<FastLane['answer']>;
    try {
      answer = lane.answer(request);
    } catch (e) {
      return settle(req, res, lane.failed(e, request));
    }
    if (!(answer instanceof Promise)) return settle(req, res, answer);
    state.inFlight++;
    answer.then(
      (a) => {
        state.inFlight--;
        settle(req, res, a);
      },
      (e: unknown) => {
        state.inFlight--;
        settle(req, res, lane.failed(e, request));
      },
    );
  };
}

/**
 * A request listener that hands the requests of mounted apps (the OpenID provider's paths) to
 * them as Node's own request and response (`Auth.nodeMounts`: the client's address, the rate
 * limit of the path, then the app's own listener, e.g. oidc-provider's `callback()`), with no
 * Fetch objects and no request injection in between; anything else goes on to `next`. Such a
 * request is in flight until its answer is finished or its connection closed; once the server
 * is closing it goes on to `next`, which refuses it as any other.
 */
function mountsFirst(step: NodeMountStep | undefined, next: RequestListener, state: { inFlight: number; closing: boolean }): RequestListener {
  if (!step) return next;
  const done = () => {
    state.inFlight--;
  };
  return (req, res) => {
    if (state.closing) return next(req, res);
    state.inFlight++;
    if (step(req, res)) res.once('close', done);
    else {
      state.inFlight--;
      next(req, res);
    }
  };
}

/** Bodies up to this many bytes, of declared length, are read before the request goes on. */
const SMALL_BODY = 16 * 1024;

/**
 * A request listener that reads a small body (a declared `Content-Length` up to 16 KiB, not
 * chunked) off Node's request itself and hands the request on with it as `rawBody`, which
 * @hono/node-server takes as the body, and which the auth routes parse as they are
 * (`CallInfo.body`): a sign-in's JSON no longer passes through `Readable.toWeb`, a web stream
 * and the Fetch `Request`'s reader, nor is that `Request` built at all; that was about a fifth
 * of the main thread's work for a sign-in (docs/performance.md). Anything else goes to the
 * general listener as before, which streams the body and drains what a route leaves unread.
 * A request is in flight from its arrival: one whose body is still coming when the server
 * begins to close is answered, as it would have been before. A client gone before its body
 * arrived is dropped with its socket: there is no one to answer.
 */
function bodyFirst(general: RequestListener, afterBody: RequestListener, state: { inFlight: number; closing: boolean }): RequestListener {
  return (req, res) => {
    const declared = req.headers['content-length'];
    if (req.method === 'GET' || req.method === 'HEAD' || state.closing || declared === undefined || req.headers['transfer-encoding'] !== undefined)
      return general(req, res);
    const length = Number(declared);
    if (!(length > 0 && length <= SMALL_BODY)) return general(req, res);
    // In flight from its arrival: a graceful close waits for the body as for the answer.
    state.inFlight++;
    const chunks: Buffer[] = [];
    let ended = false;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      ended = true;
      state.inFlight--;
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      afterBody(req, res);
    });
    req.once('close', () => {
      if (ended) return;
      state.inFlight--;
      res.destroy();
    });
  };
}
