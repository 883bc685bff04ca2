import { Hono } from 'hono';
import type { AuthContext } from './context.js';
import type { AnyEndpoint } from './endpoint.js';
import { toErrorResponse } from './error-answer.js';
import type { ObservedAnswer } from './observe.js';
import { runEndpoint, type CallInfo, type PipelineSeams } from './pipeline.js';

type Env = { Bindings: { info?: CallInfo } };

/**
 * The HTTP edge: every endpoint mounted once, at start-up, under the base path. With an
 * `observe` (the plugins' `observe.answer`), each answer is told with its declared path,
 * status and duration, refusals and errors included; without one, nothing is timed.
 */
export function buildRouter(auth: AuthContext, endpoints: readonly AnyEndpoint[], seams: PipelineSeams, observe?: (answer: ObservedAnswer) => void) {
  const app = new Hono<Env>({ strict: true });
  for (const endpoint of endpoints) {
    if (endpoint.serverOnly) continue;
    const methods = Array.isArray(endpoint.method) ? endpoint.method : [endpoint.method];
    const route = async (request: Request, params: Record<string, string>, info: CallInfo) => {
      try {
        return await runEndpoint(auth, endpoint, request, params, info, seams);
      } catch (e) {
        return toErrorResponse(auth.logger, e, request, auth.i18n);
      }
    };
    const path = endpoint.path;
    app.on(
      methods,
      `${auth.basePath}${path}`,
      observe
        ? async (c) => {
            const start = performance.now();
            const response = await route(c.req.raw, c.req.param() as Record<string, string>, c.env?.info ?? {});
            observe({ method: c.req.method, path, status: response.status, seconds: (performance.now() - start) / 1000 });
            return response;
          }
        : (c) => route(c.req.raw, c.req.param() as Record<string, string>, c.env?.info ?? {}),
    );
  }
  app.notFound(() => new Response(null, { status: 404 }));
  app.onError((e, c) => toErrorResponse(auth.logger, e, c.req.raw, auth.i18n));
  return app;
}
