import type { Logger } from '../logger.js';
import type { SecondaryStorage } from './types.js';

// INCR and set the window's expiry on the first hit, atomically.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {n, ttl}`;

/** Secondary storage on Redis (ioredis). Keys are prefixed `gatehouse:`. */
export async function createRedisStorage(url: string, logger: Logger): Promise<SecondaryStorage & { close(): Promise<void> }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { keyPrefix: 'gatehouse:', maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', (e: Error) => logger.warn({ err: e.message }, 'redis error'));
  await redis.connect().catch((e: Error) => logger.error({ err: e.message }, 'redis unavailable at start; falling back to the database'));
  return {
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttl) {
      if (ttl && ttl > 0) await redis.set(key, value, 'EX', Math.ceil(ttl));
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
    async increment(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(INCREMENT, 1, key, String(windowSeconds * 1000))) as [number, number];
      return { count, ttlMs: Math.max(0, ttl) };
    },
    async close() {
      redis.disconnect();
    },
  };
}
