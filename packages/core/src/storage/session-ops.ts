import { REVOKED, STALE_PREFIX, type ActiveSession, type SecondaryStorage, type SessionRecordOps } from './types.js';

// The same rules as the Redis scripts (storage/redis.ts), for a storage that offers only
// get/set/delete, on this process's clock. Each step is a read then a write: correct for
// one instance, while two instances racing on the same key may interleave (Redis is atomic).

const FOREVER = Number.MAX_SAFE_INTEGER;
const staleAt = (v: string | null) => (v?.startsWith(STALE_PREFIX) ? Number(v.slice(STALE_PREFIX.length)) : undefined);
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function genericSessionOps(storage: SecondaryStorage, clock: () => number = Date.now): SessionRecordOps {
  return {
    now: async () => clock(),
    async put(key, value, ttlMs, readAt, userStampKey) {
      const cur = await storage.get(key);
      if (cur === REVOKED || (staleAt(cur) ?? -1) > readAt) return;
      const stamp = await storage.get(userStampKey);
      if (stamp !== null && Number(stamp) > readAt) return;
      await storage.set(key, value, seconds(ttlMs));
    },
    async mark(key, revoked, ttlMs) {
      if (!revoked && (await storage.get(key)) === REVOKED) return;
      await storage.set(key, revoked ? REVOKED : `${STALE_PREFIX}${clock()}`, seconds(ttlMs));
    },
    async stamp(key, ttlMs, forever) {
      const cur = Number((await storage.get(key)) ?? -1);
      await storage.set(key, String(Math.max(cur, forever ? FOREVER : clock())), seconds(ttlMs));
    },
    async updateList(key, add, remove, now) {
      let list: ActiveSession[] = [];
      try {
        const parsed = JSON.parse((await storage.get(key)) ?? '[]') as unknown;
        if (Array.isArray(parsed)) list = parsed as ActiveSession[];
      } catch {
        // a damaged list is rebuilt from what follows
      }
      const drop = new Set(remove);
      if (add) drop.add(add.token);
      const out = list.filter((e) => e && typeof e.token === 'string' && !drop.has(e.token) && e.expiresAt > now);
      if (add && add.expiresAt > now) out.push(add);
      if (!out.length) return storage.delete(key);
      await storage.set(key, JSON.stringify(out), seconds(Math.max(...out.map((e) => e.expiresAt)) - now));
    },
  };
}
