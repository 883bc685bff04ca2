import { type Capability, defineCapability, routeList } from '../../kit.js';
import { metricsOptions, type MetricsOptions } from './config.js';
import { metricsPlugin, type metricsRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type MetricsCapability = Capability<'metrics', MetricsOptions, (typeof metricsRoutes)[number]>;

/** Prometheus metrics at `/metrics` behind a bearer token; off unless `enabled`. */
export const metricsCapability: MetricsCapability = defineCapability({
  key: 'metrics',
  switch: 'off-unless-enabled',
  options: metricsOptions,
  features: [],
  plugin: (o: MetricsOptions | undefined) => metricsPlugin(o ?? {}),
  everythingOn: { enabled: true, token: 'a-metrics-token-of-length' },
  routes: routeList<typeof metricsRoutes>(),
});
