import { serve, type ServerType } from '@hono/node-server';
import { createAuth, type Auth } from '@gatehouse/core';
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
  const auth = createAuth({ ...options, logger, secondaryStorage });
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
      if (path === basePath || path.startsWith(`${basePath}/`) || !site) {
        inFlight++;
        try {
          return await auth.handler(request, { ip: env.incoming?.socket?.remoteAddress ?? null });
        } finally {
          inFlight--;
        }
      }
      return site(request) ?? new Response(null, { status: 404 });
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
      closing = true;
      await new Promise<void>((ok) => server.close(() => ok()));
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await auth.close();
      await (secondaryStorage as { close?: () => Promise<void> } | undefined)?.close?.();
    },
  };
}
