import { z } from 'zod';
import { type AuthContext, extension, httpURL } from '../../kit.js';

/** An endpoint set in the configuration (kept in the database too, marked as the configuration's). */
export const configuredEndpoint = z.strictObject({
  url: httpURL(),
  events: z.array(z.string().min(1)).min(1, 'must name at least one event'),
  /** `whsec_` + base64 of 24 to 64 random bytes (the Standard Webhooks form). */
  secret: z.string().startsWith('whsec_', 'must start with "whsec_"'),
});

export type ConfiguredEndpoint = z.output<typeof configuredEndpoint>;

/** The `webhooks` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const webhooksOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** Endpoints of the configuration; the admin console adds its own beside them. */
  endpoints: z.array(configuredEndpoint).optional(),
  /**
   * Deliver to loopback, private, link-local and other non-public addresses too (refused
   * by default: an admin could otherwise make the server probe its own network).
   */
  allowPrivateNetworks: z.boolean().optional(),
  /** Seconds one attempt may take before it counts as failed (default 10, at most 60). */
  timeout: z.number().positive().max(60).optional(),
  /** Seconds between two looks at the queue (default 5); 0 runs no timer (call `deliverDue` yourself). */
  pollInterval: z.number().nonnegative().optional(),
  /**
   * Seconds to wait after each failed attempt, in turn (default 5 s, 30 s, 2 min, 10 min, 1 h,
   * 3 h, 6 h, 6 h, 6 h: ten attempts over about a day); past the last, the delivery fails.
   */
  retryDelays: z.array(z.number().nonnegative()).optional(),
  /** Days a settled delivery (succeeded or failed) is kept in the log (default 30). */
  retentionDays: z.number().positive().optional(),
});

export type WebhooksOptions = z.input<typeof webhooksOptions>;

export interface WebhooksConfig {
  endpoints: ConfiguredEndpoint[];
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  pollMs: number;
  retryDelays: number[];
  retentionMs: number;
}

export const DEFAULT_RETRY_DELAYS = [5, 30, 120, 600, 3600, 10_800, 21_600, 21_600, 21_600];

export function resolveWebhooksOptions(o: WebhooksOptions = {}): WebhooksConfig {
  return {
    endpoints: o.endpoints ?? [],
    allowPrivateNetworks: o.allowPrivateNetworks ?? false,
    timeoutMs: (o.timeout ?? 10) * 1000,
    pollMs: (o.pollInterval ?? 5) * 1000,
    retryDelays: o.retryDelays ?? DEFAULT_RETRY_DELAYS,
    retentionMs: (o.retentionDays ?? 30) * 86_400_000,
  };
}

/** What the plugin keeps per instance (set in its `init`). */
export interface WebhooksService {
  config: WebhooksConfig;
  /** The event types this instance can send (those whose tables exist here). */
  events: readonly string[];
  /** Sends every delivery that is due now; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /** Deletes settled deliveries older than the retention; resolves with how many. */
  prune(): Promise<number>;
  /** Asks the worker to look at the queue soon (after a new delivery). */
  wake(): void;
}

const slot = extension<WebhooksService>('webhooks');

export const useWebhooks = slot.set;

export function webhooks(auth: AuthContext): WebhooksService {
  return slot.get(auth);
}
