import { type Capability, defineCapability, routeList } from '../../kit.js';
import { metricsOptionKeys, type MetricsOptions } from './config.js';
import { metricsPlugin, type metricsRoutes } from './index.js';

/** Prometheus metrics at `/metrics` behind a bearer token; off unless `enabled`. */
export const metricsCapability: Capability<'metrics', MetricsOptions, (typeof metricsRoutes)[number]> = defineCapability({
  key: 'metrics',
  switch: 'off-unless-enabled',
  optionKeys: metricsOptionKeys,
  features: [],
  plugin: (o: MetricsOptions | undefined) => metricsPlugin(o ?? {}),
  everythingOn: { enabled: true, token: 'a-metrics-token-of-length' },
  routes: routeList<typeof metricsRoutes>(),
});
