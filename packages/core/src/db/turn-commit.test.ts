import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient } from '../test-kit.js';
import { Adapter } from './adapter.js';
import { openDatabase, type Database } from './dialect.js';
import { migrate } from './migrate.js';
import { coreSchema } from './schema.js';
import { ConnectionQueue, TurnRolledBack } from './turn-commit.js';

/** The end of the current event-loop turn (after the turn's commit, queued before it). */
const turnEnd = () => new Promise((done) => setImmediate(done));

describe('SQLite: the writes of one event-loop turn are one transaction', () => {
  let dir: string;
  let file: string;
  let database: Database;
  let a: Adapter;
  /** Another connection to the same file, as another process would have: it sees only what is committed. */
  let outside: Sqlite.Database;
  const emails = () => outside.prepare('select email from "user" order by email').pluck().all() as string[];
  const user = (email: string) => a.create<{ id: string }>('user', { name: 'U', email, emailVerified: false });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-turn-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    file = join(dir, `${Math.random().toString(36).slice(2)}.db`);
    database = await openDatabase(`file:${file}`);
    await migrate(database.db, database.caps, coreSchema());
    await turnEnd();
    a = new Adapter(database.db, database.caps, coreSchema(), [], Date.now);
    outside = new Sqlite(file, { readonly: true });
  });
  afterEach(async () => {
    outside.close();
    await database.close();
  });

  it('commits at the turn’s end: another connection sees none of the turn’s rows before, all of them after', async () => {
    await Promise.all([user('a@example.com'), user('b@example.com')]);
    expect(emails()).toEqual([]);
    await turnEnd();
    expect(emails()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('settles a mark once the rows written since are committed; nothing to wait for when nothing was written', async () => {
    const commits = database.commits!;
    expect(commits.settled(commits.mark())).toBeUndefined();
    const mark = commits.mark();
    await user('c@example.com');
    const settled = commits.settled(mark);
    expect(settled).toBeInstanceOf(Promise);
    expect(emails()).toEqual([]);
    await settled;
    expect(emails()).toEqual(['c@example.com']);
  });

  it('an explicit transaction that fails undoes its own rows only; the turn’s other rows are kept', async () => {
    await user('kept@example.com');
    await expect(
      a.transaction(async (trx) => {
        await trx.create('user', { name: 'U', email: 'undone@example.com', emailVerified: false });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await user('after@example.com');
    await turnEnd();
    expect(emails()).toEqual(['after@example.com', 'kept@example.com']);
  });

  it('an explicit transaction holds the connection to its end: a statement sent meanwhile waits, and is not undone with it', async () => {
    await user('first@example.com');
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    const failed = a.transaction(async (trx) => {
      await trx.create('user', { name: 'U', email: 'undone@example.com', emailVerified: false });
      inside();
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('changed my mind');
    });
    await begun;
    const meanwhile = user('meanwhile@example.com');
    await expect(failed).rejects.toThrow('changed my mind');
    await meanwhile;
    await turnEnd();
    expect(emails()).toEqual(['first@example.com', 'meanwhile@example.com']);
  });

  it('an explicit transaction begun with no turn open is SQLite’s own: its rows are committed when it ends', async () => {
    await a.transaction(async (trx) => {
      await trx.create('user', { name: 'U', email: 'own@example.com', emailVerified: false });
    });
    expect(emails()).toEqual(['own@example.com']);
    // A write after it opens a turn of its own.
    await user('later@example.com');
    expect(emails()).toEqual(['own@example.com']);
    await turnEnd();
    expect(emails()).toEqual(['later@example.com', 'own@example.com']);
  });

  it('a failed statement (a unique violation) undoes only itself', async () => {
    await user('one@example.com');
    await expect(user('one@example.com')).rejects.toThrow();
    await user('two@example.com');
    await turnEnd();
    expect(emails()).toEqual(['one@example.com', 'two@example.com']);
  });

  it('a turn that cannot commit is undone whole: its marks reject, its rows are gone, and the change stamp moves', async () => {
    // A deferred foreign key is checked at COMMIT: the one way to make a commit fail on demand.
    await sql`create table "child" ("id" text primary key, "parentId" text references "user"("id") deferrable initially deferred)`.execute(database.db);
    await turnEnd();
    const commits = database.commits!;
    const stamp = database.changes?.kind === 'stamp' ? database.changes.stamp() : undefined;
    const mark = commits.mark();
    await user('lost@example.com');
    await sql`insert into "child" ("id", "parentId") values ('c1', 'nobody')`.execute(database.db);
    await expect(commits.settled(mark)).rejects.toBeInstanceOf(TurnRolledBack);
    expect(emails()).toEqual([]);
    expect(await a.findOne('user', [{ field: 'email', value: 'lost@example.com' }])).toBeNull();
    // A request that started before the loss fails even when it asks after the turn ended.
    await expect(commits.settled(mark)).rejects.toBeInstanceOf(TurnRolledBack);
    expect(database.changes?.kind === 'stamp' ? database.changes.stamp() : undefined).not.toBe(stamp);
    // The next turn is a turn like any other.
    const next = commits.mark();
    await user('next@example.com');
    await commits.settled(next);
    expect(emails()).toEqual(['next@example.com']);
  });

  it('two connections of one process on one file: a write on the second ends the first’s turn at once, without waiting on the lock', async () => {
    const second = await openDatabase(`file:${file}`);
    try {
      const b = new Adapter(second.db, second.caps, coreSchema(), [], Date.now);
      await user('first@example.com');
      const started = performance.now();
      await b.create('user', { name: 'U', email: 'second@example.com', emailVerified: false });
      // SQLite's busy wait (5 s) would have blocked this thread, the one that could end the first turn.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(emails()).toEqual(['first@example.com']);
      await turnEnd();
      expect(emails()).toEqual(['first@example.com', 'second@example.com']);
    } finally {
      await second.close();
    }
  });

  it('close commits the last turn', async () => {
    await user('last@example.com');
    await database.close();
    expect(emails()).toEqual(['last@example.com']);
    database = await openDatabase(`file:${file}`);
  });
});

describe('SQLite: a request is answered once its writes are committed', () => {
  it('a sign-up’s user row is on disk when its answer arrives, and so is a failed sign-in’s audit row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-turn-'));
    const file = join(dir, 'answered.db');
    const t = await createTestClient({ database: `file:${file}` });
    const outside = new Sqlite(file, { readonly: true });
    try {
      const count = (table: string) => outside.prepare(`select count(*) from "${table}"`).pluck().get() as number;
      // Read synchronously as the answer resolves, before any later turn could commit it.
      const users = await t.auth
        .handler(
          new Request('http://localhost:3000/api/auth/sign-up/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
            body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
          }),
        )
        .then((r) => [r.status, count('user')]);
      expect(users).toEqual([200, 1]);
      const audits = count('auditEvent');
      const refused = await t.auth
        .handler(
          new Request('http://localhost:3000/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
            body: JSON.stringify({ email: 'ada@example.com', password: 'not the password' }),
          }),
        )
        .then((r) => [r.status, count('auditEvent') - audits]);
      expect(refused).toEqual([401, 1]);
    } finally {
      outside.close();
      await t.auth.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the connection queue', () => {
  it('lends the connection at once when free, else to each waiter in turn, one per release', async () => {
    const queue = new ConnectionQueue();
    expect(queue.take()).toBeUndefined();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => queue.take()?.then(() => order.push(n)));
    queue.give();
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([1]);
    queue.give();
    queue.give();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    // Still lent to the third: the next asks wait until it is given back.
    let fourth = false;
    const next = queue.take()?.then(() => (fourth = true));
    await Promise.resolve();
    expect(fourth).toBe(false);
    queue.give();
    await next;
    expect(fourth).toBe(true);
    queue.give();
    expect(queue.take()).toBeUndefined();
  });

  it("puts the turn's commit ahead of everyone waiting", async () => {
    const queue = new ConnectionQueue();
    queue.take();
    const order: string[] = [];
    const statement = queue.take()?.then(() => order.push('statement'));
    const commit = queue.take(true)?.then(() => order.push('commit'));
    queue.give();
    await commit;
    queue.give();
    await statement;
    expect(order).toEqual(['commit', 'statement']);
  });
});
