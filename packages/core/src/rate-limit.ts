import type { Adapter } from './db/adapter.js';
import type { SecondaryStorage } from './storage/types.js';

export interface RateRule {
  window: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  retryAfter: number;
}

export interface RateLimitStore {
  /** Counts one request for `key`; how many there were in the current window and when it ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

export class MemoryRateStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, now: number) {
    if (now - this.lastSweep > 60_000) {
      for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
      this.lastSweep = now;
    }
    let e = this.entries.get(key);
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, e);
    }
    e.count++;
    return { ...e };
  }
}

/** The rateLimit table: key, count, lastRequest (start of the window). */
export class DatabaseRateStore implements RateLimitStore {
  constructor(private readonly adapter: Adapter) {}

  async hit(key: string, windowMs: number, now: number) {
    return this.adapter.transaction(async (trx) => {
      const row = await trx.findOne<{ id: string; count: number; lastRequest: number }>('rateLimit', [{ field: 'key', value: key }]);
      if (!row || row.lastRequest + windowMs <= now) {
        if (row) await trx.update('rateLimit', [{ field: 'id', value: row.id }], { count: 1, lastRequest: now }, { hooks: false });
        else {
          try {
            await trx.create('rateLimit', { key, count: 1, lastRequest: now }, { hooks: false });
          } catch {
            // a concurrent first hit created it: count on it
            const again = await trx.findOne<{ id: string; count: number; lastRequest: number }>('rateLimit', [{ field: 'key', value: key }]);
            if (again) {
              await trx.update('rateLimit', [{ field: 'id', value: again.id }], { count: again.count + 1 }, { hooks: false });
              return { count: again.count + 1, resetAt: again.lastRequest + windowMs };
            }
          }
        }
        return { count: 1, resetAt: now + windowMs };
      }
      await trx.update('rateLimit', [{ field: 'id', value: row.id }], { count: row.count + 1 }, { hooks: false });
      return { count: row.count + 1, resetAt: row.lastRequest + windowMs };
    });
  }
}

export class SecondaryRateStore implements RateLimitStore {
  private readonly fallback = new MemoryRateStore();
  constructor(private readonly storage: SecondaryStorage) {}

  async hit(key: string, windowMs: number, now: number) {
    if (!this.storage.increment) return this.fallback.hit(key, windowMs, now);
    const { count, ttlMs } = await this.storage.increment(`rate-limit:${key}`, Math.ceil(windowMs / 1000));
    return { count, resetAt: now + ttlMs };
  }
}

/** Client key for rate limits: IPv4-mapped IPv6 unwrapped, IPv6 masked to /64. */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  let a = ip.trim().toLowerCase();
  if (a.startsWith('::ffff:') && a.includes('.')) a = a.slice(7);
  if (!a.includes(':')) return a;
  return `${expandIPv6(a).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(a: string): string[] {
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(Math.max(0, 8 - h.length - t.length)).fill('0');
  return [...h, ...fill, ...t].map((x) => x.replace(/^0+(?=.)/, '') || '0');
}
