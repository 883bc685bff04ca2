import type { Logger } from '../logger.js';
import { REVOKED, STALE_PREFIX, type SecondaryStorage, type SessionRecordOps } from './types.js';
import { loadPeer } from '../peers.js';

// Each script runs atomically in Redis: two instances cannot interleave inside one.

// INCR, and give the window its expiry on the first hit (or if it somehow has none).
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

// The server's clock in ms: every instance orders events by it.
const NOW = `local t = redis.call('TIME') return t[1] * 1000 + math.floor(t[2] / 1000)`;
const CLOCK = `local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
`;

// KEYS: record, user stamp. ARGV: value, ttl ms, readAt, REVOKED, STALE_PREFIX.
const PUT = `
local cur = redis.call('GET', KEYS[1])
if cur then
  if cur == ARGV[4] then return 0 end
  if string.sub(cur, 1, #ARGV[5]) == ARGV[5] and tonumber(string.sub(cur, #ARGV[5] + 1)) > tonumber(ARGV[3]) then return 0 end
end
local stamp = redis.call('GET', KEYS[2])
if stamp and tonumber(stamp) > tonumber(ARGV[3]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// KEYS: record. ARGV: '1' revoked / '0' stale, ttl ms, REVOKED, STALE_PREFIX. REVOKED is final.
const MARK = `${CLOCK}
if ARGV[1] == '1' then redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2]) return 1 end
if redis.call('GET', KEYS[1]) == ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[4] .. string.format('%d', now), 'PX', ARGV[2])
return 1`;

// KEYS: stamp. ARGV: ttl ms, '1' forever. Never lowered.
const STAMP = `${CLOCK}
local v = now
if ARGV[2] == '1' then v = 9007199254740991 end
local cur = tonumber(redis.call('GET', KEYS[1]) or '-1')
if cur > v then v = cur end
redis.call('SET', KEYS[1], string.format('%d', v), 'PX', ARGV[1])
return 1`;

// KEYS: list. ARGV: entry to add (JSON) or '', tokens to remove (JSON array), now (ms).
const UPDATE_LIST = `
local list = {}
local raw = redis.call('GET', KEYS[1])
if raw then
  local ok, v = pcall(cjson.decode, raw)
  if ok and type(v) == 'table' then list = v end
end
local drop = {}
for _, t in ipairs(cjson.decode(ARGV[2])) do drop[t] = true end
local add = nil
if ARGV[1] ~= '' then add = cjson.decode(ARGV[1]); drop[add.token] = true end
local now = tonumber(ARGV[3])
local out = {}
local last = 0
for _, e in ipairs(list) do
  if type(e) == 'table' and type(e.token) == 'string' and not drop[e.token] and tonumber(e.expiresAt) and tonumber(e.expiresAt) > now then
    out[#out + 1] = e
    if tonumber(e.expiresAt) > last then last = tonumber(e.expiresAt) end
  end
end
if add and tonumber(add.expiresAt) > now then
  out[#out + 1] = add
  if tonumber(add.expiresAt) > last then last = tonumber(add.expiresAt) end
end
if #out == 0 then redis.call('DEL', KEYS[1]); return 0 end
redis.call('SET', KEYS[1], cjson.encode(out), 'PX', math.max(1, math.floor(last - now)))
return #out`;

type Scripted = {
  ghIncrement(key: string, windowMs: string): Promise<[number, number]>;
  ghNow(): Promise<number>;
  ghPut(key: string, stampKey: string, ...args: string[]): Promise<number>;
  ghMark(key: string, ...args: string[]): Promise<number>;
  ghStamp(key: string, ttl: string, forever: string): Promise<number>;
  ghUpdateList(key: string, add: string, remove: string, now: string): Promise<number>;
};

export interface RedisStorageOptions {
  /** Prefix of every key; default the URL's `?prefix=` or `gatehouse:`. */
  keyPrefix?: string;
  /** A command not answered within this many ms fails (the caller falls back); default 1000. */
  commandTimeout?: number;
}

/**
 * Secondary storage on Redis (ioredis). Keys are prefixed (`gatehouse:` unless the URL
 * says `?prefix=…`). Commands fail fast while Redis is unreachable (no offline queue),
 * so callers fall back to the database instead of waiting; ioredis keeps reconnecting.
 */
export async function createRedisStorage(
  url: string,
  logger: Logger,
  opts: RedisStorageOptions = {},
): Promise<SecondaryStorage & { sessionOps: SessionRecordOps; close(): Promise<void> }> {
  const { Redis } = await loadPeer('ioredis', () => import('ioredis'));
  const parsed = new URL(url);
  const keyPrefix = opts.keyPrefix ?? parsed.searchParams.get('prefix') ?? 'gatehouse:';
  parsed.searchParams.delete('prefix');
  const redis = new Redis(parsed.toString(), {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.commandTimeout ?? 1000,
    // The commands issued in one turn of the event loop go in one write (under load, a turn's
    // introspections are one write and one read, not one each): ≈ 20% more grants and
    // introspections a second on the bench (docs/performance.md, "Redis commands sent together").
    enableAutoPipelining: true,
  });
  redis.defineCommand('ghIncrement', { numberOfKeys: 1, lua: INCREMENT });
  redis.defineCommand('ghPut', { numberOfKeys: 2, lua: PUT });
  redis.defineCommand('ghMark', { numberOfKeys: 1, lua: MARK });
  redis.defineCommand('ghNow', { numberOfKeys: 0, lua: NOW });
  redis.defineCommand('ghStamp', { numberOfKeys: 1, lua: STAMP });
  redis.defineCommand('ghUpdateList', { numberOfKeys: 1, lua: UPDATE_LIST });
  const r = redis as unknown as typeof redis & Scripted;

  // One line per outage, not one per reconnection attempt.
  let down = false;
  redis.on('error', (e: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err: e.message }, 'redis unavailable: sessions are read from the database and rate limits counted in memory until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({}, 'redis available again');
  });
  await redis.connect().catch(() => {});

  const ms = (n: number) => String(Math.max(1, Math.ceil(n)));
  const sessionOps: SessionRecordOps = {
    now: () => r.ghNow(),
    async put(key, value, ttlMs, readAt, userStampKey) {
      await r.ghPut(key, userStampKey, value, ms(ttlMs), String(readAt), REVOKED, STALE_PREFIX);
    },
    async mark(key, revoked, ttlMs) {
      await r.ghMark(key, revoked ? '1' : '0', ms(ttlMs), REVOKED, STALE_PREFIX);
    },
    async stamp(key, ttlMs, forever) {
      await r.ghStamp(key, ms(ttlMs), forever ? '1' : '0');
    },
    async updateList(key, add, remove, now) {
      await r.ghUpdateList(key, add ? JSON.stringify(add) : '', JSON.stringify(remove), String(now));
    },
  };

  return {
    get: (key) => redis.get(key),
    async set(key, value, ttl) {
      if (ttl && ttl > 0) await redis.set(key, value, 'PX', Math.ceil(ttl * 1000));
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
    async increment(key, windowSeconds) {
      const [count, ttl] = await r.ghIncrement(key, String(windowSeconds * 1000));
      return { count, ttlMs: Math.max(0, ttl) };
    },
    sessionOps,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
