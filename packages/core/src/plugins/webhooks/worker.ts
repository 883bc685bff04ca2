import type { AuthContext } from '../../kit.js';
import type { WebhooksConfig } from './config.js';
import { send } from './send.js';
import { secretKey, signature } from './signature.js';

export type DeliveryRow = {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse?: string | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
};

export type EndpointRow = {
  id: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  source: string;
  createdAt: Date;
  updatedAt: Date;
};

/** How long a claimed attempt holds its row before another worker may take it (a crashed sender). */
const LEASE_MS = 60_000;
/** How often the log is pruned (on the worker's timer). */
const PRUNE_EVERY_MS = 3_600_000;
/** Rows taken per look at the queue. */
const BATCH = 25;

/**
 * The delivery queue's worker. Rows are claimed with a compare-and-set on `attempts` (the
 * update only writes while the row is still pending, due and at the attempt count read), so two
 * instances on one database never send the same attempt twice; a claim pushes `nextAttemptAt`
 * past the attempt's time-out, so a sender that dies mid-attempt leaves a row that comes due again.
 */
export class DeliveryWorker {
  private timer: ReturnType<typeof setInterval> | undefined;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  private closed = false;
  private prunedAt = 0;

  constructor(
    private readonly auth: AuthContext,
    private readonly config: WebhooksConfig,
  ) {}

  start(): void {
    if (this.config.pollMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.config.pollMs);
    this.timer.unref?.();
    this.wake();
  }

  /** Looks at the queue soon (new deliveries were queued), without waiting for the next tick. */
  wake(): void {
    if (this.config.pollMs <= 0 || this.closed || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.tick();
    }, 10);
    this.soon.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    try {
      await this.deliverDue();
      if (this.auth.now() - this.prunedAt >= PRUNE_EVERY_MS) await this.prune();
    } catch (e) {
      this.auth.logger.warn({ err: String(e) }, 'webhook worker: could not read the queue');
    }
    if (this.again && !this.closed) {
      this.again = false;
      this.wake();
    }
  }

  /** Attempts every delivery due now (one batch at a time until none is left). */
  deliverDue(): Promise<number> {
    this.running ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const due = await this.auth.adapter.findMany<DeliveryRow>('webhookDelivery', {
            where: [
              { field: 'status', value: 'pending' },
              { field: 'nextAttemptAt', operator: 'lte', value: new Date(this.auth.now()) },
            ],
            sortBy: { field: 'nextAttemptAt', direction: 'asc' },
            limit: BATCH,
          });
          if (!due.length) break;
          const done = await Promise.all(due.map((d) => this.attempt(d)));
          const sent = done.filter(Boolean).length;
          total += sent;
          if (sent === 0 || due.length < BATCH || this.closed) break;
        }
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }

  /** One attempt of one row, if this worker wins its claim; true when it did. */
  private async attempt(row: DeliveryRow): Promise<boolean> {
    const { adapter } = this.auth;
    const started = this.auth.now();
    const claimed = await adapter.update<DeliveryRow>(
      'webhookDelivery',
      [
        { field: 'id', value: row.id },
        { field: 'status', value: 'pending' },
        { field: 'attempts', value: row.attempts },
      ],
      { attempts: row.attempts + 1, nextAttemptAt: new Date(started + this.config.timeoutMs + LEASE_MS), lastAttemptAt: new Date(started) },
      { hooks: false },
    );
    if (!claimed) return false;
    const endpoint = await adapter.findOne<EndpointRow>('webhookEndpoint', [{ field: 'id', value: row.endpointId }]);
    const key = endpoint ? secretKey(this.auth.encrypter.decrypt(endpoint.secret) ?? '') : null;
    if (!endpoint?.enabled || !key) {
      const why = !endpoint
        ? 'The endpoint was removed'
        : !endpoint.enabled
          ? 'The endpoint is disabled'
          : 'The secret cannot be read (was the auth secret changed?)';
      await this.settle(row.id, { status: 'failed', nextAttemptAt: null, lastError: why, lastStatusCode: null, lastResponse: null });
      return true;
    }
    const timestamp = Math.floor(started / 1000);
    const result = await send(
      endpoint.url,
      { 'webhook-id': row.messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature(key, row.messageId, timestamp, row.payload) },
      row.payload,
      { timeoutMs: this.config.timeoutMs, allowPrivate: this.config.allowPrivateNetworks },
    );
    if (result.ok) {
      await this.settle(row.id, {
        status: 'succeeded',
        nextAttemptAt: null,
        lastError: null,
        lastStatusCode: result.status ?? null,
        lastResponse: result.excerpt ?? null,
      });
      return true;
    }
    const attempts = claimed.attempts;
    const delay = this.config.retryDelays[attempts - 1];
    await this.settle(row.id, {
      status: delay === undefined ? 'failed' : 'pending',
      nextAttemptAt: delay === undefined ? null : new Date(this.auth.now() + delay * 1000),
      lastStatusCode: result.status ?? null,
      lastError: result.error ?? null,
      lastResponse: result.excerpt ?? null,
    });
    return true;
  }

  /** Deletes settled deliveries (succeeded or failed) created before the retention period. */
  async prune(): Promise<number> {
    this.prunedAt = this.auth.now();
    return this.auth.adapter.delete('webhookDelivery', [
      { field: 'status', operator: 'ne', value: 'pending' },
      { field: 'createdAt', operator: 'lt', value: new Date(this.prunedAt - this.config.retentionMs) },
    ]);
  }

  private async settle(id: string, data: Partial<DeliveryRow>): Promise<void> {
    try {
      await this.auth.adapter.update('webhookDelivery', [{ field: 'id', value: id }], data, { hooks: false });
    } catch (e) {
      this.auth.logger.warn({ err: String(e), delivery: id }, 'webhook worker: could not record an attempt');
    }
  }

  /** Stops the timer and waits for the attempts under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    await this.running?.catch(() => 0);
  }
}
