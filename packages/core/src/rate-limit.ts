import { isIPv4, isIPv6 } from 'node:net';
import type { Adapter } from './db/adapter.js';
import type { Logger } from './logger.js';
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
  hit(key: string, windowMs: number, now: number): RateCount | Promise<RateCount>;
}

export interface RateCount {
  count: number;
  resetAt: number;
}

export class MemoryRateStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  /** Counted at once: nothing to wait for. */
  hit(key: string, windowMs: number, now: number): RateCount {
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

  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
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

/**
 * Counters in secondary storage (Redis: one atomic script per hit), shared by every
 * instance. While the storage is unreachable, requests are counted in this instance's
 * memory instead (said once in the log): limits stay on, per instance, until it is back.
 */
export class SecondaryRateStore implements RateLimitStore {
  private readonly fallback = new MemoryRateStore();
  private degraded = false;

  constructor(
    private readonly storage: SecondaryStorage,
    private readonly logger?: Logger,
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateCount> {
    if (!this.storage.increment) return this.fallback.hit(key, windowMs, now);
    try {
      const { count, ttlMs } = await this.storage.increment(`rate-limit:${key}`, Math.ceil(windowMs / 1000));
      if (this.degraded) {
        this.degraded = false;
        this.logger?.info({}, 'secondary storage answers again: rate limits are shared again');
      }
      return { count, resetAt: now + ttlMs };
    } catch (e) {
      if (!this.degraded) {
        this.degraded = true;
        this.logger?.warn({ err: e instanceof Error ? e.message : String(e) }, 'secondary storage unavailable: rate limits are counted in memory');
      }
      return this.fallback.hit(key, windowMs, now);
    }
  }
}

/**
 * One spelling per address: trimmed and lowercased, `[v6]`, `[v6]:port`, `v4:port` and
 * zone ids (`%eth0`) stripped, and an IPv4-mapped IPv6 address, however written
 * (`::ffff:192.0.2.7`, `::ffff:c000:207`, `0:0:0:0:0:ffff:192.0.2.7`), as its IPv4 form.
 * Anything that is not an address is answered as given (trimmed, lowercased).
 */
export function canonicalIp(ip: string): string {
  let a = ip.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const zone = a.indexOf('%');
  if (zone > 0 && a.includes(':')) a = a.slice(0, zone);
  if (isIPv4(a) || !isIPv6(a)) return a;
  const g = ipv6Groups(a);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return g.map((x) => x.toString(16)).join(':');
}

/** Client key for rate limits: the canonical address, IPv6 masked to /64 (one customer line). */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const a = canonicalIp(ip);
  if (!isIPv6(a)) return a;
  return `${a.split(':').slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted quad included). */
function ipv6Groups(a: string): number[] {
  let text = a;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [b0, b1, b2, b3] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0');
  return [...h, ...fill, ...t].map((x) => Number.parseInt(x, 16));
}
