import { serve, type ServerType } from '@hono/node-server';
import { createAuth, openDatabase, type Auth } from '@gatehouse/core';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from './config.js';
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
  const database =
    typeof options.database === 'string' && options.poolSize ? await openDatabase(options.database, { max: options.poolSize }) : undefined;
  const auth = createAuth({ ...options, ...(database ? { database } : {}), logger, secondaryStorage });
  await auth.ready();
  const basePath = (await auth.context()).basePath;
  const site = options.webRoot === false ? null : createStaticSite(options.webRoot ?? DEFAULT_WEB_ROOT);
  if (!site && options.webRoot !== false) logger.warn({ webRoot: options.webRoot ?? DEFAULT_WEB_ROOT }, 'the React app is not built; serving the API only');

  let inFlight = 0;
  let closing = false;
  const server: ServerType = serve({
    port: options.port ?? 3000,
    hostname: options.host ?? '127.0.0.1',
    fetch: async (request, env: { incoming?: { socket?: { remoteAddress?: string } } }) => {
      const path = request.url.slice(request.url.indexOf('/', 8));
      if (closing) return new Response(JSON.stringify({ message: 'Server is shutting down', code: 'SHUTTING_DOWN' }), { status: 503, headers: { 'content-type': 'application/json', connection: 'close' } });
      inFlight++;
      try {
        if (path === basePath || path.startsWith(`${basePath}/`) || !site) {
          return await auth.handler(request, { ip: env.incoming?.socket?.remoteAddress ?? null });
        }
        return site(request) ?? new Response(null, { status: 404 });
      } finally {
        inFlight--;
      }
    },
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
      closing = true;
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
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
