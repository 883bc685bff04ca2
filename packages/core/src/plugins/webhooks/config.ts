import { type AuthContext, extension, keysOf, listOf } from '../../kit.js';

/** An endpoint set in the configuration (kept in the database too, marked as the configuration's). */
export interface ConfiguredEndpoint {
  url: string;
  events: string[];
  /** `whsec_` + base64 of 24 to 64 random bytes (the Standard Webhooks form). */
  secret: string;
}

/** The `webhooks` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface WebhooksOptions {
  enabled?: boolean;
  /** Endpoints of the configuration; the admin console adds its own beside them. */
  endpoints?: ConfiguredEndpoint[];
  /**
   * Deliver to loopback, private, link-local and other non-public addresses too (refused
   * by default: an admin could otherwise make the server probe its own network).
   */
  allowPrivateNetworks?: boolean;
  /** Seconds one attempt may take before it counts as failed (default 10). */
  timeout?: number;
  /** Seconds between two looks at the queue (default 5); 0 runs no timer (call `deliverDue` yourself). */
  pollInterval?: number;
  /**
   * Seconds to wait after each failed attempt, in turn (default 5 s, 30 s, 2 min, 10 min, 1 h,
   * 3 h, 6 h, 6 h, 6 h: ten attempts over about a day); past the last, the delivery fails.
   */
  retryDelays?: number[];
  /** Days a settled delivery (succeeded or failed) is kept in the log (default 30). */
  retentionDays?: number;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const webhooksOptionKeys = keysOf<WebhooksOptions>({
  enabled: true,
  endpoints: listOf(keysOf<ConfiguredEndpoint>({ url: true, events: true, secret: true })),
  allowPrivateNetworks: true,
  timeout: true,
  pollInterval: true,
  retryDelays: true,
  retentionDays: true,
});

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
