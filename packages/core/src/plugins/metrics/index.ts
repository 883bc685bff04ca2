import { definePlugin, loadPeer } from '../../kit.js';
import { type MetricsOptions, metricsSlot, resolveMetricsOptions } from './config.js';
import type { MetricsRegistry } from './registry.js';
import { metrics } from './routes/metrics.js';

export type { MetricsOptions } from './config.js';

/** The metrics route with its precise type (route-types.ts derives the client's from it). */
export const metricsRoutes = [metrics] as const;

/**
 * Prometheus metrics at `GET {basePath}/metrics`, behind a bearer token: answers by route and
 * status (counts and latency), sign-ins by method and outcome, sign-ups, lockouts, rate-limit
 * refusals, mail failures, database and Redis probes. Everything is learnt through the
 * `observe` seam; prom-client is loaded only when the plugin is on.
 */
export function metricsPlugin(options: MetricsOptions) {
  const config = resolveMetricsOptions(options);
  let registry: MetricsRegistry | undefined;
  return definePlugin({
    id: 'metrics',
    endpoints: metricsRoutes,
    observe: {
      answer: (a) => registry?.answer(a),
      audit: (type, input) => registry?.audit(type, input),
      locked: () => registry?.locked(),
      rateLimited: (path) => registry?.refused(path),
      mailFailed: () => registry?.mailFailed(),
    },
    async init(auth, assembly) {
      const [prom, { MetricsRegistry }] = await Promise.all([loadPeer('prom-client', () => import('prom-client')), import('./registry.js')]);
      registry = new MetricsRegistry(
        prom,
        auth,
        config,
        assembly.plugins.flatMap((p) => p.gauges ?? []),
      );
      metricsSlot.set(auth, { config, registry });
    },
    async close() {
      registry?.registry.clear();
    },
  });
}
