import { type AuthContext, extension, keysOf } from '../../kit.js';
import type { MetricsRegistry } from './registry.js';

/** The `metrics` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface MetricsOptions {
  enabled?: boolean;
  /** The bearer token a scraper sends (`Authorization: Bearer <token>`); at least 16 characters. */
  token?: string;
  /** Node's process metrics (`process_*`, `nodejs_*`) beside Gatehouse's; default true. */
  processMetrics?: boolean;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const metricsOptionKeys = keysOf<MetricsOptions>({ enabled: true, token: true, processMetrics: true });

export interface MetricsConfig {
  token: string;
  processMetrics: boolean;
}

/** A token shorter than this is refused at start: it stands between the internet and the metrics. */
export const MIN_TOKEN_LENGTH = 16;

/** The options with their defaults; an enabled plugin without a long enough token is refused at start. */
export function resolveMetricsOptions(o: MetricsOptions): MetricsConfig {
  const unknown = Object.keys(o).filter((k) => !['enabled', 'token', 'processMetrics'].includes(k));
  if (unknown.length) throw new Error(`metrics: unknown option ${unknown.map((k) => `"${k}"`).join(', ')}`);
  if (typeof o.token !== 'string' || o.token.length < MIN_TOKEN_LENGTH) {
    throw new Error(`metrics.token must be a string of at least ${MIN_TOKEN_LENGTH} characters when metrics are enabled`);
  }
  return { token: o.token, processMetrics: o.processMetrics ?? true };
}

/** This instance's registry and token, set in the plugin's `init`. */
export const metricsSlot = extension<{ config: MetricsConfig; registry: MetricsRegistry }>('metrics');

export function metricsOf(auth: AuthContext) {
  return metricsSlot.get(auth);
}
