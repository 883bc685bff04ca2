import { z } from 'zod';
import { type AuthContext, extension } from '../../kit.js';
import type { MetricsRegistry } from './registry.js';

/** A token shorter than this is refused at start: it stands between the internet and the metrics. */
export const MIN_TOKEN_LENGTH = 16;

/** The `metrics` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`; on, they need a token. */
export const metricsOptions = z
  .strictObject({
    enabled: z.boolean().optional(),
    /** The bearer token a scraper sends (`Authorization: Bearer <token>`); at least 16 characters. */
    token: z.string().min(MIN_TOKEN_LENGTH, `the metrics token must be at least ${MIN_TOKEN_LENGTH} characters`).optional(),
    /** Node's process metrics (`process_*`, `nodejs_*`) beside Gatehouse's; default true. */
    processMetrics: z.boolean().optional(),
  })
  .refine((m) => m.enabled !== true || m.token !== undefined, { message: 'metrics need a token (METRICS_TOKEN, or metrics.token)', path: ['token'] });

export type MetricsOptions = z.input<typeof metricsOptions>;

export interface MetricsConfig {
  token: string;
  processMetrics: boolean;
}

/** The options with their defaults (an enabled plugin's token is the schema's to require, checked by `createAuth`). */
export function resolveMetricsOptions(o: MetricsOptions): MetricsConfig {
  // Fail closed should the plugin ever be built without the check: no token, no metrics.
  if (!o.token) throw new Error('metrics need a token (metrics.token)');
  return { token: o.token, processMetrics: o.processMetrics ?? true };
}

/** This instance's registry and token, set in the plugin's `init`. */
export const metricsSlot = extension<{ config: MetricsConfig; registry: MetricsRegistry }>('metrics');

export function metricsOf(auth: AuthContext) {
  return metricsSlot.get(auth);
}
