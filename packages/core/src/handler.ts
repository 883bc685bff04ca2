import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from './context.js';
import type { AnyEndpoint } from './endpoint.js';
import { APIError, BASE_ERRORS } from './errors.js';
import { runEndpoint, type CallInfo } from './pipeline.js';

type Env = { Bindings: { info?: CallInfo } };

/** An answer to something thrown: what the status, body and headers are, whatever carries them. */
export interface ErrorAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/**
 * Anything thrown, as the answer to give: an APIError as itself, a lost database as 503,
 * anything else as a 500 that is logged (with a request id) and never echoed.
 */
export function errorAnswer(
  auth: AuthContext,
  error: unknown,
  request: { method: string; url: string; header(name: string): string | null | undefined },
): ErrorAnswer {
  if (error instanceof APIError) return { status: error.status, body: JSON.stringify(error.toJSON()), headers: { 'content-type': 'application/json', ...error.headers } };
  if (isDatabaseDown(error)) {
    auth.logger.error({ err: String(error) }, 'database unavailable');
    return errorAnswer(auth, new APIError('SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', BASE_ERRORS.SERVICE_UNAVAILABLE), request);
  }
  const requestId = request.header('x-request-id') ?? randomUUID();
  auth.logger.error(
    { requestId, method: request.method, url: request.url, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
    'unhandled error',
  );
  return {
    status: 500,
    body: JSON.stringify({ message: BASE_ERRORS.INTERNAL_SERVER_ERROR, code: 'INTERNAL_SERVER_ERROR' }),
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
  };
}

/** Turns anything thrown into a Response (`errorAnswer`). */
export function toErrorResponse(auth: AuthContext, error: unknown, request: Request): Response {
  const answer = errorAnswer(auth, error, { method: request.method, url: request.url, header: (name) => request.headers.get(name) });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', '57P01', '57P02', '57P03', '08000', '08003', '08006']);
// Drivers that lose a connection mid-query say so in words, without a code.
const DOWN_MESSAGES = /Connection terminated|connection (is )?closed|Connection lost|timeout exceeded when trying to connect|Query read timeout|Can't add new command when connection is in closed state/i;

function isDatabaseDown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? String((error as { code: unknown }).code) : '';
  const message = 'message' in error ? String((error as { message: unknown }).message) : '';
  return DOWN_CODES.has(code) || DOWN_MESSAGES.test(message);
}

/** The HTTP edge: every endpoint mounted once, at start-up, under the base path. */
export function buildRouter(auth: AuthContext, endpoints: readonly AnyEndpoint[]) {
  const app = new Hono<Env>({ strict: true });
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    const methods = Array.isArray(endpoint.method) ? endpoint.method : [endpoint.method];
    app.on(methods, `${auth.basePath}${endpoint.path}`, async (c) => {
      try {
        return await runEndpoint(auth, endpoint, c.req.raw, c.req.param() as Record<string, string>, c.env?.info ?? {});
      } catch (e) {
        return toErrorResponse(auth, e, c.req.raw);
      }
    });
  }
  app.notFound(() => new Response(null, { status: 404 }));
  app.onError((e, c) => toErrorResponse(auth, e, c.req.raw));
  return app;
}
