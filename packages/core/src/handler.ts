import { Hono } from 'hono';
import type { AuthContext } from './context.js';
import type { AnyEndpoint } from './endpoint.js';
import { toErrorResponse } from './error-answer.js';
import { runEndpoint, type CallInfo, type PipelineSeams } from './pipeline.js';

type Env = { Bindings: { info?: CallInfo } };

/** The HTTP edge: every endpoint mounted once, at start-up, under the base path. */
export function buildRouter(auth: AuthContext, endpoints: readonly AnyEndpoint[], seams: PipelineSeams) {
  const app = new Hono<Env>({ strict: true });
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    const methods = Array.isArray(endpoint.method) ? endpoint.method : [endpoint.method];
    app.on(methods, `${auth.basePath}${endpoint.path}`, async (c) => {
      try {
        return await runEndpoint(auth, endpoint, c.req.raw, c.req.param() as Record<string, string>, c.env?.info ?? {}, seams);
      } catch (e) {
        return toErrorResponse(auth.logger, e, c.req.raw);
      }
    });
  }
  app.notFound(() => new Response(null, { status: 404 }));
  app.onError((e, c) => toErrorResponse(auth.logger, e, c.req.raw));
  return app;
}
