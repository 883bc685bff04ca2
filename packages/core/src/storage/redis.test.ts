import { randomBytes } from 'node:crypto';
import { Socket, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../crypto/sign.js';
import type { Logger } from '../logger.js';
import { SecondaryRateStore } from '../rate-limit.js';
import { sessionTokenKey } from '../session/token-key.js';
import type { SessionRow, UserRow } from '../session/types.js';
import { openDatabase } from '../db/dialect.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { createTestDatabase, defaultTestDialect } from '../test/databases.js';
import { createTestClient, silentLogger, TEST_REDIS_URL, type TestClient } from '../test/harness.js';
import { createRedisStorage } from './redis.js';
import { activeSessionsKey, sessionKey } from './session-cache.js';
import { genericSessionOps } from './session-ops.js';
import { REVOKED, STALE_PREFIX, type SecondaryStorage, type SessionRecordOps } from './types.js';

/**
 * Against the real Redis of TEST_REDIS_URL (skipped when unset, unless CI=true), each run
 * under its own key prefix, removed afterwards.
 */
const REDIS = TEST_REDIS_URL;
const PREFIX = `gh-test-${randomBytes(4).toString('hex')}:`;

type Storage = Awaited<ReturnType<typeof createRedisStorage>>;

function capturingLogger() {
  const lines: string[] = [];
  const logger: Logger = { ...silentLogger, warn: (_o, m) => void lines.push(`warn ${m}`), info: (_o, m) => void lines.push(`info ${m}`) };
  return { logger, lines };
}

/** A TCP relay to Redis that the test can cut and restore: Redis keeps its data meanwhile. */
async function relay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((ok) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        ok();
      });
    });
  const stop = () =>
    new Promise<void>((ok) => {
      for (const s of sockets) s.destroy();
      server.close(() => ok());
    });
  await listen();
  return { url: `redis://127.0.0.1:${port}`, cut: stop, restore: listen, close: stop };
}

/**
 * The Redis layer alone: on a database without a change feed, so that every get-session asks
 * Redis (on Postgres the instances' own trust would answer repeated reads from memory; it is
 * tested in session/trust.test.ts, Redis included).
 */
async function redisLayerClient(options: GatehouseOptions): Promise<TestClient> {
  const dialect = defaultTestDialect();
  const fresh = dialect === 'sqlite' ? null : await createTestDatabase(dialect);
  const database = await openDatabase(fresh?.url ?? ':memory:', { max: 4 });
  delete database.changes;
  const t = await createTestClient({ ...options, database });
  const close = t.auth.close.bind(t.auth);
  t.auth.close = async () => {
    await close();
    await database.close();
    await fresh?.drop();
  };
  return t;
}

describe.skipIf(!REDIS)('Redis secondary storage', () => {
  const storages: Storage[] = [];
  const open = async (logger: Logger = silentLogger, url = REDIS!) => {
    const s = await createRedisStorage(`${url}?prefix=${PREFIX}`, logger);
    storages.push(s);
    return s;
  };

  afterAll(async () => {
    const { Redis } = await import('ioredis');
    const raw = new Redis(REDIS!);
    const keys = await raw.keys(`${PREFIX}*`);
    if (keys.length) await raw.del(...keys);
    await raw.quit();
    await Promise.all(storages.map((s) => s.close()));
  });

  describe.each(['redis', 'generic'] as const)('session record operations (%s)', (kind) => {
    let ops: SessionRecordOps;
    let store: SecondaryStorage;
    const k = (name: string) => `${kind}:${name}`;
    beforeAll(async () => {
      if (kind === 'redis') {
        store = await open();
        ops = (store as Storage).sessionOps;
      } else {
        // The same rules over plain get/set/delete (here: a Map).
        const map = new Map<string, string>();
        store = { get: async (key) => map.get(key) ?? null, set: async (key, v) => void map.set(key, v), delete: async (key) => void map.delete(key) };
        ops = genericSessionOps(store);
      }
    });

    it('put writes a record unless revoked, or marked stale or the user stamped after the read began', async () => {
      const tick = () => new Promise((r) => setTimeout(r, 3));
      const before = await ops.now();
      await tick();
      await ops.put(k('a'), 'v1', 60_000, before, k('stamp'));
      expect(await store.get(k('a'))).toBe('v1');
      await ops.mark(k('a'), false, 60_000);
      expect((await store.get(k('a')))!.startsWith(STALE_PREFIX)).toBe(true);
      // Read before the change: refused. Read after it: written.
      await ops.put(k('a'), 'older', 60_000, before, k('stamp'));
      expect((await store.get(k('a')))!.startsWith(STALE_PREFIX)).toBe(true);
      await tick();
      await ops.put(k('a'), 'fresh', 60_000, await ops.now(), k('stamp'));
      expect(await store.get(k('a'))).toBe('fresh');
      const beforeStamp = await ops.now();
      await tick();
      await ops.stamp(k('stamp'), 60_000);
      await ops.put(k('a'), 'old user', 60_000, beforeStamp, k('stamp'));
      expect(await store.get(k('a'))).toBe('fresh');
      await tick();
      await ops.put(k('a'), 'new user', 60_000, await ops.now(), k('stamp'));
      expect(await store.get(k('a'))).toBe('new user');
      // A user gone: nothing of it is written back, ever.
      await ops.stamp(k('stamp'), 60_000, true);
      await ops.stamp(k('stamp'), 60_000);
      await ops.put(k('a'), 'gone user', 60_000, await ops.now(), k('stamp'));
      expect(await store.get(k('a'))).toBe('new user');
      // Revoked is final.
      await ops.mark(k('a'), true, 60_000);
      await ops.mark(k('a'), false, 60_000);
      await tick();
      await ops.put(k('a'), 'resurrected', 60_000, await ops.now(), k('other-stamp'));
      expect(await store.get(k('a'))).toBe(REVOKED);
    });

    it('keeps the active-sessions list exact: add, replace, remove, drop expired', async () => {
      const list = async () => JSON.parse((await store.get(k('list'))) ?? '[]') as { token: string; expiresAt: number }[];
      await ops.updateList(k('list'), { token: 't1', expiresAt: 2_000 }, [], 1_000);
      await ops.updateList(k('list'), { token: 't2', expiresAt: 1_500 }, [], 1_000);
      await ops.updateList(k('list'), { token: 't1', expiresAt: 3_000 }, [], 1_000);
      expect(await list()).toEqual([
        { token: 't2', expiresAt: 1_500 },
        { token: 't1', expiresAt: 3_000 },
      ]);
      await ops.updateList(k('list'), { token: 't3', expiresAt: 5_000 }, ['t1'], 1_600);
      expect(await list()).toEqual([{ token: 't3', expiresAt: 5_000 }]);
      await ops.updateList(k('list'), null, ['t3'], 1_600);
      expect(await store.get(k('list'))).toBeNull();
    });
  });

  it('counts rate limits atomically across instances sharing the storage', async () => {
    const a = new SecondaryRateStore(await open());
    const b = new SecondaryRateStore(await open());
    const key = `rl-${randomBytes(3).toString('hex')}`;
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(key, 10_000, Date.now())));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(counts.every((c) => c.resetAt > Date.now() && c.resetAt <= Date.now() + 10_000)).toBe(true);
  });

  it('counts in memory while Redis is unreachable, saying so once', async () => {
    const { logger, lines } = capturingLogger();
    const store = new SecondaryRateStore(await open(silentLogger, 'redis://127.0.0.1:1'), logger);
    for (let i = 1; i <= 3; i++) expect((await store.hit('down', 10_000, Date.now())).count).toBe(i);
    expect(lines).toEqual(['warn secondary storage unavailable: rate limits are counted in memory']);
  });

  describe('sessions', () => {
    let t: TestClient;
    let storage: Storage;
    let logs: ReturnType<typeof capturingLogger>;
    const get = (key: string) => storage.get(key);
    const signIn = async (email: string, password: string, jar = t.newJar()) => {
      const r = await t.json<{ token: string; user: { id: string } }>('/sign-in/email', { body: { email, password }, jar });
      expect(r.status).toBe(200);
      return { jar, token: r.data.token, hash: sessionTokenKey(r.data.token) };
    };

    beforeAll(async () => {
      logs = capturingLogger();
      storage = await open();
      t = await redisLayerClient({ secondaryStorage: storage, logger: logs.logger });
    });
    afterAll(async () => t.auth.close());

    it('stores each session under session:<its token key> with TTL = expiry, and lists it under active-sessions-<userId>', async () => {
      const { data } = await t.signUp();
      const hash = sessionTokenKey(data.token as string);
      const userId = (data.user as { id: string }).id;
      const record = JSON.parse((await get(sessionKey(hash)))!);
      expect(record.session).toMatchObject({ userId, token: hash });
      expect(record.user).toMatchObject({ id: userId });
      const { Redis } = await import('ioredis');
      const raw = new Redis(REDIS!);
      const ttl = await raw.pttl(`${PREFIX}${sessionKey(hash)}`);
      await raw.quit();
      // TTL = expiry: 7 days from the (test) clock's now.
      expect(Math.abs(ttl - (new Date(record.session.expiresAt).getTime() - t.clock.now()))).toBeLessThan(5_000);
      expect(JSON.parse((await get(activeSessionsKey(userId)))!)).toEqual([{ token: hash, expiresAt: new Date(record.session.expiresAt).getTime() }]);
    });

    it('answers get-session from Redis (the database is not read), and from the database after an eviction', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      const s = await signIn(email, password);
      const ctx = await t.auth.context();
      // Served from Redis: a row changed behind the hooks' back is not seen.
      await ctx.adapter.db.updateTable('user').set({ name: 'Changed Behind' }).where('email', '=', email).execute();
      expect((await t.json('/get-session', { jar: s.jar })).data).toMatchObject({ user: { email, name: 'Test User' } });
      // Evicted: the database answers, nobody is logged out, and the record is written back.
      await storage.delete(sessionKey(s.hash));
      expect((await t.json('/get-session', { jar: s.jar })).data).toMatchObject({ user: { email, name: 'Changed Behind' } });
      expect(JSON.parse((await get(sessionKey(s.hash)))!).user.name).toBe('Changed Behind');
    });

    it('sees user updates at once (the records are marked stale)', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      const s = await signIn(email, password);
      const ctx = await t.auth.context();
      await ctx.adapter.update('user', [{ field: 'email', value: email }], { name: 'Renamed' });
      expect((await get(sessionKey(s.hash)))!.startsWith(STALE_PREFIX)).toBe(true);
      expect((await t.json('/get-session', { jar: s.jar })).data).toMatchObject({ user: { name: 'Renamed' } });
    });

    it('revocation is exact: revoke-session, revoke-other-sessions, sign-out, deleting sessions (ban) and deleting the user', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      // Five sign-ins racing, then one more.
      const many = await Promise.all(Array.from({ length: 5 }, () => signIn(email, password)));
      const keep = await signIn(email, password);
      const userId = (await (await t.auth.context()).adapter.findOne<UserRow>('user', [{ field: 'email', value: email }]))!.id;
      const listed = async () => (JSON.parse((await get(activeSessionsKey(userId))) ?? '[]') as { token: string }[]).map((e) => e.token).sort();
      // The list holds the sign-up's session and all six: none lost to the race.
      expect((await listed()).length).toBe(7);
      expect(await listed()).toEqual(expect.arrayContaining([...many, keep].map((s) => s.hash)));

      const revoked = many[0]!;
      expect((await t.json('/revoke-session', { body: { token: revoked.token }, jar: keep.jar })).status).toBe(200);
      expect(await get(sessionKey(revoked.hash))).toBe(REVOKED);
      expect(await listed()).not.toContain(revoked.hash);
      expect((await t.json('/get-session', { jar: revoked.jar })).data).toBeNull();

      const out = many[1]!;
      await t.json('/sign-out', { method: 'POST', jar: out.jar });
      expect(await get(sessionKey(out.hash))).toBe(REVOKED);

      await t.json('/revoke-other-sessions', { method: 'POST', jar: keep.jar });
      for (const s of many) expect(await get(sessionKey(s.hash))).toBe(REVOKED);
      expect(await listed()).toEqual([keep.hash]);
      expect((await t.json('/get-session', { jar: keep.jar })).data).toMatchObject({ user: { email } });

      // A ban deletes every session through the adapter.
      const ctx = await t.auth.context();
      await ctx.adapter.delete('session', [{ field: 'userId', value: userId }]);
      expect(await get(sessionKey(keep.hash))).toBe(REVOKED);
      expect(await get(activeSessionsKey(userId))).toBeNull();
      expect((await t.json('/get-session', { jar: keep.jar })).data).toBeNull();

      // Deleting the user removes its sessions in cascade, without session hooks: revoked all the same.
      const again = await signIn(email, password);
      await ctx.adapter.delete('user', [{ field: 'id', value: userId }]);
      expect(await get(sessionKey(again.hash))).toBe(REVOKED);
      expect((await t.json('/get-session', { jar: again.jar })).data).toBeNull();
    });

    it('reads a session made before token keys (kept under its hash alone) from the database, writes it nowhere, and revokes it', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      const s = await signIn(email, password);
      const ctx = await t.auth.context();
      const legacy = hashToken(s.token);
      await ctx.adapter.db.updateTable('session').set({ token: legacy }).where('token', '=', s.hash).execute();
      await storage.delete(sessionKey(s.hash));
      for (let i = 0; i < 2; i++) expect((await t.json('/get-session?disableCookieCache=true', { jar: s.jar })).data).toMatchObject({ user: { email } });
      // Storage keeps a session under its row's token: written there, it would be filled again on every read.
      expect(await get(sessionKey(s.hash))).toBeNull();
      expect(await get(sessionKey(legacy))).toBeNull();
      const row = (await ctx.adapter.findOne<SessionRow>('session', [{ field: 'token', value: legacy }]))!;
      await ctx.sessions.revoke(row.id);
      expect((await t.json('/get-session?disableCookieCache=true', { jar: s.jar })).data).toBeNull();
    });

    it('a read in flight during a revocation cannot write the session back', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      const s = await signIn(email, password);
      const ctx = await t.auth.context();
      await storage.delete(sessionKey(s.hash)); // evicted: the next read goes to the database
      const cache = (ctx.sessions as unknown as { reads: { cache: { clock(): Promise<number>; fill(f: unknown, at: number): Promise<void> } } }).reads.cache;
      const readAt = await cache.clock();
      const row = (await ctx.adapter.findOne<SessionRow>('session', [{ field: 'token', value: s.hash }]))!;
      const user = (await ctx.adapter.findOne<UserRow>('user', [{ field: 'id', value: row.userId }]))!;
      await ctx.sessions.revoke(row.id);
      // The slow reader writes back what it read before the revocation: refused.
      await cache.fill({ session: row, user }, readAt);
      expect(await get(sessionKey(s.hash))).toBe(REVOKED);
      expect((await t.json('/get-session', { jar: s.jar })).data).toBeNull();
    });

    it('renews a session (updateAge) in the database and in Redis', async () => {
      const { email, password } = await t.signUp({}, t.newJar());
      const s = await signIn(email, password);
      const before = JSON.parse((await get(sessionKey(s.hash)))!).session.expiresAt;
      t.clock.advance(86_400 + 60);
      const after = await t.json<{ session: { expiresAt: string } }>('/get-session', { jar: s.jar });
      expect(new Date(after.data.session.expiresAt).getTime()).toBeGreaterThan(new Date(before).getTime());
      // The stored copy was marked stale; the next read stores the renewed one.
      expect((await get(sessionKey(s.hash)))!.startsWith(STALE_PREFIX)).toBe(true);
      await t.json('/get-session', { jar: s.jar });
      expect(JSON.parse((await get(sessionKey(s.hash)))!).session.expiresAt).toBe(after.data.session.expiresAt);
    });
  });

  describe('when Redis is down', () => {
    it('serves sessions from the database (said once), replays revocations when it is back, and trusts Redis again', async () => {
      const link = await relay(new URL(REDIS!));
      const { logger, lines } = capturingLogger();
      const storage = await open(silentLogger, link.url);
      const t = await redisLayerClient({ secondaryStorage: storage, logger });
      try {
        const a = await t.signUp({}, t.newJar());
        const jar = t.newJar();
        const b = await t.json<{ token: string }>('/sign-in/email', { body: { email: a.email, password: a.password }, jar });
        const hash = sessionTokenKey(b.data.token);
        expect(await storage.get(sessionKey(hash))).not.toBeNull();

        await link.cut();
        for (let i = 0; i < 3; i++) expect((await t.json('/get-session', { jar })).data).toMatchObject({ user: { email: a.email } });
        expect(lines.filter((l) => l.startsWith('warn'))).toEqual(['warn secondary storage unavailable: sessions are read from the database']);
        // Revoked while Redis cannot hear it; Redis still holds the record.
        await t.json('/sign-out', { method: 'POST', jar: jar });

        await link.restore();
        // ioredis reconnects; the replay timer writes the revocation.
        for (let i = 0; i < 100 && (await storage.get(sessionKey(hash)).catch(() => null)) !== REVOKED; i++) await new Promise((r) => setTimeout(r, 100));
        expect(await storage.get(sessionKey(hash))).toBe(REVOKED);
        expect((await t.json('/get-session', { jar })).data).toBeNull();
        expect(lines).toContain('info secondary storage answers again: sessions are read from it');
        // And Redis answers get-session again.
        const c = await t.signUp({}, t.newJar());
        const cj = t.newJar();
        const cs = await t.json<{ token: string }>('/sign-in/email', { body: { email: c.email, password: c.password }, jar: cj });
        expect(await storage.get(sessionKey(sessionTokenKey(cs.data.token)))).not.toBeNull();
      } finally {
        await t.auth.close();
        await link.close();
      }
    });
  });
});
