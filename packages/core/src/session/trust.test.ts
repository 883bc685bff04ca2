import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageFeed } from '../db/change-feed.js';
import { type Database, openDatabase } from '../db/dialect.js';
import { createTestDatabase, mustSkip, type TestDatabase } from '../test/databases.js';
import { type CookieJar, createTestClient, type TestClient } from '../test/harness.js';
import { TRUST_MAX_AGE_MS } from './trust.js';

const require = createRequire(import.meta.url);
const SECRET = 'trust-test-secret-0123456789abcdef0123456789';

/** What the fast lane of `t` answers to get-session with `jar`'s cookies; `undefined` when it hands the request on. */
async function laneSession(t: TestClient, jar: CookieJar = t.jar) {
  const lane = await t.auth.fastLane();
  const cookie = jar.header();
  const answer = await lane.answer({ target: '/api/auth/get-session', header: (name) => (name === 'cookie' ? cookie : undefined), ip: '127.0.0.1' });
  return answer && (JSON.parse(answer.body) as { user: { name: string; banned: boolean | null } } | null);
}

/** What the fast lane of `t` answers to list-sessions with `jar`'s cookies; `undefined` when it hands the request on. */
async function laneList(t: TestClient, jar: CookieJar) {
  const lane = await t.auth.fastLane();
  const cookie = jar.header();
  const answer = await lane.answer({ target: '/api/auth/list-sessions', header: (name) => (name === 'cookie' ? cookie : undefined), ip: '127.0.0.1' });
  return answer && (JSON.parse(answer.body) as { id: string }[]);
}

/** A user's name changed straight in the database, behind every hook: only a read of the row sees it. */
async function renameBehindHooks(t: TestClient, email: string, name: string) {
  const { adapter } = await t.auth.context();
  await adapter.db.updateTable('user').set({ name }).where('email', '=', email).execute();
  await turnEnd();
}

/**
 * A Gatehouse connection to SQLite commits a turn's writes at the turn's end (db/turn-commit.ts):
 * until then another connection in this process would wait on the file's lock with this thread
 * blocked, or not see them yet.
 */
const turnEnd = () => new Promise((done) => setImmediate(done));

describe('SQLite: the change stamp', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-trust-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a row read before is answered again only while nothing was written, by this process or another on the same file', async () => {
    const file = `file:${join(dir, 'shared.db')}`;
    const t = await createTestClient({ database: file, secret: SECRET });
    const other = await openDatabase(file);
    try {
      const { email } = await t.signUp({ name: 'First' });
      expect((await laneSession(t))?.user.name).toBe('First');
      // Written behind the hooks, on the same connection: total_changes() moved.
      await renameBehindHooks(t, email, 'Second');
      expect((await laneSession(t))?.user.name).toBe('Second');
      // Written by another connection: the WAL-index header moved.
      await other.db.updateTable('user').set({ name: 'Third' }).where('email', '=', email).execute();
      await turnEnd();
      expect((await laneSession(t))?.user.name).toBe('Third');
      // A session deleted by the other connection is gone at once.
      await other.db.deleteFrom('session').execute();
      await turnEnd();
      expect(await laneSession(t)).toBeUndefined();
      expect(await (await t.request('/get-session')).text()).toBe('null');
    } finally {
      await other.close();
      await t.auth.close();
    }
  });

  it('a write by another process on the same file is seen by the next request (the WAL-index header it rewrites)', async () => {
    const path = join(dir, 'two-processes.db');
    const t = await createTestClient({ database: `file:${path}`, secret: SECRET });
    try {
      const { email } = await t.signUp({ name: 'Before' });
      expect((await laneSession(t))?.user.name).toBe('Before');
      // Answered again from the row kept: nothing was written since.
      expect((await laneSession(t))?.user.name).toBe('Before');
      const write = (sql: string) => {
        const script = `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))}); const d = new D(${JSON.stringify(path)}); d.pragma('busy_timeout = 5000'); d.prepare(${JSON.stringify(sql)}).run(${JSON.stringify(email)}); d.close();`;
        const done = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
        expect(done.status, done.stderr).toBe(0);
      };
      write(`update "user" set name = 'After' where email = ?`);
      expect((await laneSession(t))?.user.name).toBe('After');
      write(`delete from session where "userId" = (select id from "user" where email = ?)`);
      expect(await laneSession(t)).toBeUndefined();
      expect(await (await t.request('/get-session')).text()).toBe('null');
    } finally {
      await t.auth.close();
    }
  });
});

/** The messages a database's feed receives, and a promise of its listening (the trust is on from then). */
function listening(database: Database): { up: Promise<void>; seen: string[] } {
  const feed = database.changes as MessageFeed;
  const listen = feed.listen.bind(feed);
  const seen: string[] = [];
  const up = new Promise<void>((resolve) => {
    feed.listen = (handlers) =>
      listen({
        ...handlers,
        message: (payload) => {
          seen.push(payload);
          handlers.message(payload);
        },
        up: () => {
          handlers.up();
          resolve();
        },
      });
  });
  return { up, seen };
}

/** Polls until `check` holds; the milliseconds it took. */
async function within(check: () => Promise<boolean>, limitMs = 2_000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
  return performance.now() - start;
}

describe.skipIf(mustSkip('postgres'))('Postgres: two instances keep rows exact through LISTEN/NOTIFY', () => {
  let fresh: TestDatabase;
  const databases: Database[] = [];
  const clients: TestClient[] = [];
  let a: TestClient;
  let b: TestClient;
  let dbB: Database;
  let seenByB: string[];
  const waits: number[] = [];
  /** A's sign-up (its session's creation) has reached B: B's reads from now on are kept. */
  const signedUpOnA = async (jar: CookieJar, input: { name?: string } = {}) => {
    const up = await a.signUp(input, jar);
    const userId = (up.data.user as { id: string }).id;
    await within(async () => seenByB.some((payload) => payload.startsWith(`u:${userId} `)));
    return up;
  };

  beforeAll(async () => {
    fresh = await createTestDatabase('postgres');
    const open = async () => {
      const database = await openDatabase(fresh.url, { max: 4 });
      databases.push(database);
      const feed = listening(database);
      const t = await createTestClient({ database, secret: SECRET });
      clients.push(t);
      await feed.up;
      return { t, database, seen: feed.seen };
    };
    ({ t: a } = await open());
    ({ t: b, database: dbB, seen: seenByB } = await open());
  });

  afterAll(async () => {
    for (const t of clients) await t.auth.close();
    for (const d of databases) await d.close();
    await fresh?.drop();
    // The bound the docs state (docs/deploy.md): each wait below, from the write's answer to the other instance's refusal.
    if (waits.length) console.log(`trust: the other instance followed a write within ${Math.max(...waits).toFixed(1)} ms (max of ${waits.length})`);
  });

  it('B answers again from memory, and follows A’s changes: a rename, a ban, a revoked session, a deleted user', async () => {
    const jar = a.newJar();
    const { email, password } = await signedUpOnA(jar, { name: 'Before' });
    expect((await laneSession(b, jar))?.user.name).toBe('Before');
    // Kept: a change behind every hook is not seen (the bound for such writes is TRUST_MAX_AGE_MS)…
    await renameBehindHooks(a, email, 'Behind');
    expect((await laneSession(b, jar))?.user.name).toBe('Before');
    // …until the row is older than that.
    b.clock.advance(TRUST_MAX_AGE_MS / 1000 + 1);
    expect((await laneSession(b, jar))?.user.name).toBe('Behind');

    expect((await a.request('/update-user', { body: { name: 'After' }, jar })).status).toBe(200);
    waits.push(await within(async () => (await laneSession(b, jar))?.user.name === 'After'));

    const { adapter } = await a.auth.context();
    await adapter.update('user', [{ field: 'email', value: email }], { banned: true });
    waits.push(await within(async () => (await laneSession(b, jar))?.user.banned === true));
    await adapter.update('user', [{ field: 'email', value: email }], { banned: false });
    waits.push(await within(async () => (await laneSession(b, jar))?.user.banned === false));

    const second = a.newJar();
    const signedIn = await a.json<{ token: string }>('/sign-in/email', { body: { email, password }, jar: second });
    expect((await laneSession(b, second))?.user.name).toBe('After');
    expect((await a.request('/revoke-session', { body: { token: signedIn.data.token }, jar })).status).toBe(200);
    waits.push(await within(async () => (await laneSession(b, second)) === undefined));
    expect(await (await b.request('/get-session', { jar: second })).text()).toBe('null');

    expect((await laneSession(b, jar))?.user.name).toBe('After');
    await adapter.delete('user', [{ field: 'email', value: email }]);
    waits.push(await within(async () => (await laneSession(b, jar)) === undefined));
    expect(await (await b.request('/get-session', { jar })).text()).toBe('null');
  });

  it('an expired session is refused from memory too', async () => {
    const jar = a.newJar();
    const { email } = await signedUpOnA(jar, { name: 'Kept' });
    expect((await laneSession(b, jar))?.user.name).toBe('Kept');
    await renameBehindHooks(a, email, 'Not read');
    expect((await laneSession(b, jar))?.user.name).toBe('Kept');
    b.clock.advance(7 * 86400 + 1);
    expect(await laneSession(b, jar)).toBeUndefined();
    expect(await (await b.request('/get-session', { jar })).text()).toBe('null');
    a.clock.advance(7 * 86400 + 1);
  });

  /** A third instance whose prepared query `counted` is counted, and whose answers wait for `gate`. */
  async function countedInstance(counted: string) {
    const database = await openDatabase(fresh.url, { max: 4 });
    databases.push(database);
    const prepare = database.prepare!.bind(database);
    const state = { reads: 0, gate: Promise.resolve() };
    database.prepare = (text, name) => {
      const run = prepare(text, name);
      if (name !== counted) return run;
      return async (params) => {
        state.reads++;
        const rows = await run(params);
        await state.gate;
        return rows;
      };
    };
    const feed = listening(database);
    const c = await createTestClient({ database, secret: SECRET });
    clients.push(c);
    await feed.up;
    /**
     * Once the kept answer falls due: `ask()` starts a read whose rows are read and whose answer
     * is held; `change()` runs on A and C hears of it for `userId`; `ask()` again must start a read
     * of its own. Both answers, once the held one is let go.
     */
    async function heldAcrossChange<T>(ask: () => Promise<T>, userId: string, change: () => Promise<void>) {
      c.clock.advance(TRUST_MAX_AGE_MS / 1000 + 1);
      const reads = state.reads;
      let open = () => {};
      state.gate = new Promise((resolve) => (open = resolve));
      const before = ask();
      await within(async () => state.reads === reads + 1);
      const told = feed.seen.length;
      await change();
      await within(async () => feed.seen.slice(told).some((payload) => payload.startsWith(`u:${userId} `)));
      // Asked after the change: not answered by the read begun before it.
      const after = ask();
      await within(async () => state.reads === reads + 2);
      open();
      return { before: await before, after: await after };
    }
    return { c, feed, state, heldAcrossChange };
  }

  it('when a kept row falls due, the requests then in flight share one read; a change told meanwhile starts a read of its own', async () => {
    const { c, feed, state, heldAcrossChange } = await countedInstance('gatehouse_session_lookup');
    const jar = a.newJar();
    const up = await signedUpOnA(jar, { name: 'Shared' });
    const userId = (up.data.user as { id: string }).id;
    await within(async () => feed.seen.some((payload) => payload.startsWith(`u:${userId} `)));
    expect((await laneSession(c, jar))?.user.name).toBe('Shared');
    const first = state.reads;
    expect((await Promise.all(Array.from({ length: 20 }, () => laneSession(c, jar)))).every((s) => s?.user.name === 'Shared')).toBe(true);
    expect(state.reads).toBe(first); // kept: nothing read

    c.clock.advance(TRUST_MAX_AGE_MS / 1000 + 1);
    expect((await Promise.all(Array.from({ length: 20 }, () => laneSession(c, jar)))).every((s) => s?.user.name === 'Shared')).toBe(true);
    expect(state.reads).toBe(first + 1);

    // A read in flight (its row read, its answer held); then A renames the user and C hears of it.
    const { before, after } = await heldAcrossChange(
      () => laneSession(c, jar),
      userId,
      async () => {
        expect((await a.request('/update-user', { body: { name: 'Renamed' }, jar })).status).toBe(200);
      },
    );
    expect(state.reads).toBe(first + 3);
    expect(before?.user.name).toBe('Shared');
    expect(after?.user.name).toBe('Renamed');
  });

  it('list-sessions alike: one read for the requests in flight when the kept list falls due; a session added meanwhile starts a read of its own', async () => {
    const { c, feed, state, heldAcrossChange } = await countedInstance('gatehouse_session_list_by_token');
    const jar = a.newJar();
    const { email, password, data } = await signedUpOnA(jar);
    const userId = (data.user as { id: string }).id;
    await within(async () => feed.seen.some((payload) => payload.startsWith(`u:${userId} `)));
    expect(await laneList(c, jar)).toHaveLength(1);
    const first = state.reads;
    expect((await Promise.all(Array.from({ length: 20 }, () => laneList(c, jar)))).every((l) => l?.length === 1)).toBe(true);
    expect(state.reads).toBe(first); // kept: nothing read

    c.clock.advance(TRUST_MAX_AGE_MS / 1000 + 1);
    expect((await Promise.all(Array.from({ length: 20 }, () => laneList(c, jar)))).every((l) => l?.length === 1)).toBe(true);
    expect(state.reads).toBe(first + 1);

    // A read in flight (its rows read, its answer held); then the user signs in again on A and C hears of it.
    const { before, after } = await heldAcrossChange(
      () => laneList(c, jar),
      userId,
      async () => {
        expect((await a.json('/sign-in/email', { body: { email, password }, jar: a.newJar() })).status).toBe(200);
      },
    );
    expect(state.reads).toBe(first + 3);
    expect(before).toHaveLength(1);
    expect(after).toHaveLength(2);
  });

  it('while B does not listen, it keeps nothing: every answer reads the row', async () => {
    const jar = a.newJar();
    const { email } = await signedUpOnA(jar, { name: 'Listened' });
    expect((await laneSession(b, jar))?.user.name).toBe('Listened');
    await (dbB.changes as MessageFeed).close();
    await renameBehindHooks(a, email, 'Read again');
    expect((await laneSession(b, jar))?.user.name).toBe('Read again');
  });
});
