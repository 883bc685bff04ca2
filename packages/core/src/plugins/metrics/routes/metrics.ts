import { createHash, timingSafeEqual } from 'node:crypto';
import { APIError, BASE_ERRORS, defineEndpoint } from '../../../kit.js';
import { metricsOf } from '../config.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the `Authorization` header carries the token: compared in constant time (over digests, so lengths say nothing). */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  // A missing header still costs one comparison, like a wrong one.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/** `GET /metrics`: the Prometheus text format, for a scraper that sends `Authorization: Bearer <token>`. */
export const metrics = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  name: 'metrics',
  openapi: { summary: 'Prometheus metrics', security: 'bearer', produces: 'text/plain; version=0.0.4' },
  async handler(c) {
    const { config, registry } = metricsOf(c.auth);
    if (!bearerMatches(c.headers.get('authorization'), config.token)) {
      throw new APIError('UNAUTHORIZED', 'UNAUTHORIZED', BASE_ERRORS.UNAUTHORIZED, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const text = await registry.registry.metrics();
    return new Response(text, { status: 200, headers: { 'content-type': registry.registry.contentType, 'cache-control': 'no-store' } });
  },
});
