import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredDialects, createTestDatabase, type TestDatabase } from '../test/databases.js';
import { Adapter } from './adapter.js';
import { openDatabase, type Database } from './dialect.js';
import type { DatabaseHooks } from './hooks.js';
import { migrate, planMigration } from './migrate.js';
import { coreSchema, mergeSchema, type Schema } from './schema.js';
import type { Row } from './types.js';

/**
 * The data-layer contract: the same expectations on every dialect. SQLite always;
 * Postgres and MariaDB/MySQL when TEST_POSTGRES_URL / TEST_MYSQL_URL are set, each run
 * on its own fresh schema/database, dropped afterwards.
 */
const schema: Schema = mergeSchema(coreSchema(), {
  thing: {
    fields: {
      name: { type: 'string', required: true },
      slug: { type: 'string', unique: true },
      note: { type: 'string', long: true },
      flag: { type: 'boolean', defaultValue: false },
      n: { type: 'number' },
      at: { type: 'date' },
      data: { type: 'json' },
      ownerId: { type: 'string', index: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
      createdAt: { type: 'date', required: true },
      updatedAt: { type: 'date', required: true },
    },
  },
});

const AT = new Date('2026-03-04T05:06:07.891Z');

for (const dialect of configuredDialects()) {
  describe(`data layer contract: ${dialect}`, () => {
    let test: TestDatabase;
    let database: Database;
    let a: Adapter;
    const log: string[] = [];
    const hooks: DatabaseHooks = {
      thing: {
        create: {
          before: (d) => (d.name === 'cancel' ? false : d.name === 'rename' ? { data: { name: 'renamed' } } : undefined),
          after: (r) => void log.push(`created ${r.name}`),
        },
        update: { before: (d) => (d.name === 'cancel' ? false : undefined), after: (r) => void log.push(`updated ${r.name}`) },
        delete: { before: (r) => (r.name === 'keep' ? false : undefined), after: (r) => void log.push(`deleted ${r.name}`) },
      },
    };

    const user = (email: string) => a.create<Row & { id: string }>('user', { name: 'U', email, emailVerified: false });

    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      database = await openDatabase(test.url, { max: 4 });
      await migrate(database.db, database.caps, schema);
      a = new Adapter(database.db, database.caps, schema, [hooks], Date.now);
    });
    afterAll(async () => {
      await database?.close();
      await test?.drop();
    });

    it('migrates once: a second plan has nothing left to do, and a concurrent migrate is harmless', async () => {
      expect(await planMigration(database.db, database.caps, schema)).toEqual([]);
      const other = await openDatabase(test.url, { max: 2 });
      try {
        await Promise.all([migrate(other.db, other.caps, schema), migrate(database.db, database.caps, schema)]);
      } finally {
        await other.close();
      }
    });

    it('adds a new column (with its foreign key and index) to an existing table', async () => {
      const grown = mergeSchema(schema, {
        thing: {
          fields: {
            buddyId: { type: 'string', index: true, references: { model: 'user', field: 'id', onDelete: 'set null' } },
            code: { type: 'string', unique: true },
          },
        },
      });
      const steps = await migrate(database.db, database.caps, grown);
      expect(steps.map((s) => `${s.kind} ${s.column}`)).toEqual(
        expect.arrayContaining(['add-column buddyId', 'add-column code', 'create-index buddyId', 'create-index code']),
      );
      expect(await planMigration(database.db, database.caps, grown)).toEqual([]);
      const g = new Adapter(database.db, database.caps, grown, [], Date.now);
      const u = await user(`buddy-${dialect}@x.io`);
      await g.create('thing', { name: 'b1', code: 'C1', buddyId: u!.id });
      await expect(g.create('thing', { name: 'b2', code: 'C1' })).rejects.toSatisfy((e) => database.caps.isUniqueViolation(e));
      await expect(g.create('thing', { name: 'b3', buddyId: 'nobody' })).rejects.toBeTruthy();
      await g.delete('user', [{ field: 'id', value: u!.id }]);
      expect((await g.findOne<Row>('thing', [{ field: 'name', value: 'b1' }]))?.buddyId).toBeNull();
      await g.delete('thing', [{ field: 'name', value: 'b1' }]);
    });

    it('introspects only its own schema/database', async () => {
      if (dialect === 'sqlite') return;
      // A second private schema/database on the same server holding the same tables.
      const neighbour = await createTestDatabase(dialect);
      const n = await openDatabase(neighbour.url, { max: 1 });
      try {
        await sql`create table thing (id varchar(255) primary key)`.execute(n.db);
        const fresh = await createTestDatabase(dialect);
        const f = await openDatabase(fresh.url, { max: 1 });
        try {
          const plan = await planMigration(f.db, f.caps, schema);
          expect(plan.filter((s) => s.kind === 'create-table').map((s) => s.table)).toContain('thing');
        } finally {
          await f.close();
          await fresh.drop();
        }
      } finally {
        await n.close();
        await neighbour.drop();
      }
    });

    it('round-trips every field type: UTC dates with milliseconds, booleans, numbers, JSON, long text', async () => {
      const owner = await user(`types-${dialect}@x.io`);
      const long = 'ä€𝄞'.repeat(400);
      const created = await a.create<Row>('thing', {
        name: 'typed',
        slug: 'Typed',
        note: long,
        flag: true,
        n: 1767225600123,
        at: AT,
        data: { a: [1, 'two', { three: true }], s: 'ü' },
        ownerId: owner!.id,
      });
      const found = await a.findOne<Row>('thing', [{ field: 'id', value: created!.id }]);
      for (const row of [created, found]) {
        expect(row!.at).toBeInstanceOf(Date);
        expect((row!.at as Date).toISOString()).toBe(AT.toISOString());
        expect(row!.createdAt).toBeInstanceOf(Date);
        expect(row!.flag).toBe(true);
        expect(row!.n).toBe(1767225600123);
        expect(row!.data).toEqual({ a: [1, 'two', { three: true }], s: 'ü' });
        expect(row!.note).toBe(long);
        expect(row!.slug).toBe('Typed');
      }
      const plain = await a.create<Row>('thing', { name: 'plain' });
      expect(plain).toMatchObject({ flag: false, n: null, at: null, data: null, note: null });
      // Dates are compared as instants, whatever the server's time zone.
      expect(await a.count('thing', [{ field: 'at', value: AT }])).toBe(1);
      expect(await a.count('thing', [{ field: 'at', value: new Date(AT.getTime() + 1), operator: 'lt' }])).toBe(1);
      expect(await a.count('thing', [{ field: 'flag', value: true }])).toBe(1);
    });

    it('stores dates as UTC', async () => {
      const raw = {
        sqlite: sql<Row>`select "at" as v from thing where name = 'typed'`,
        postgres: sql<Row>`select to_char("at" at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as v from thing where name = 'typed'`,
        mysql: sql<Row>`select cast(\`at\` as char) as v from thing where name = 'typed'`,
      }[dialect];
      const v = String((await raw.execute(database.db)).rows[0]!.v);
      expect(v).toBe(dialect === 'sqlite' ? String(AT.getTime()) : '2026-03-04 05:06:07.891');
    });

    it('detects unique violations, and only those', async () => {
      await user(`dup-${dialect}@x.io`);
      const dup = await user(`dup-${dialect}@x.io`).catch((e: unknown) => e);
      expect(database.caps.isUniqueViolation(dup)).toBe(true);
      const notNull = await a.create('thing', { name: null as never }).catch((e: unknown) => e);
      expect(notNull).toBeInstanceOf(Error);
      expect(database.caps.isUniqueViolation(notNull)).toBe(false);
    });

    it('compares strings case-sensitively, and matches patterns case-insensitively with % and _ taken literally', async () => {
      await a.create('thing', { name: 'Pattern 100%_done' });
      await a.create('thing', { name: 'pattern 1000 done' });
      expect(await a.count('thing', [{ field: 'name', value: 'pattern 100%_done' }])).toBe(0);
      expect(await a.count('thing', [{ field: 'name', value: 'Pattern 100%_done' }])).toBe(1);
      expect(await a.count('thing', [{ field: 'name', value: '100%_', operator: 'contains' }])).toBe(1);
      expect(await a.count('thing', [{ field: 'name', value: 'PATTERN', operator: 'starts_with' }])).toBe(2);
      expect(await a.count('thing', [{ field: 'name', value: '%_DONE', operator: 'ends_with' }])).toBe(1);
    });

    it('filters with every operator, OR groups, sorting and paging', async () => {
      for (let i = 0; i < 5; i++) await a.create('thing', { name: `page-${i}`, n: i });
      const names = (rows: Row[]) => rows.map((r) => r.name);
      const page = [{ field: 'name', value: 'page-', operator: 'starts_with' as const }];
      expect(names(await a.findMany('thing', { where: page, sortBy: { field: 'n', direction: 'desc' }, limit: 2, offset: 1 }))).toEqual(['page-3', 'page-2']);
      expect(names(await a.findMany('thing', { where: page, sortBy: { field: 'n', direction: 'asc' }, offset: 3 }))).toEqual(['page-3', 'page-4']);
      const n = (operator: 'ne' | 'lt' | 'lte' | 'gt' | 'gte', value: number) => a.count('thing', [...page, { field: 'n', value, operator }]);
      expect([await n('ne', 2), await n('lt', 2), await n('lte', 2), await n('gt', 2), await n('gte', 2)]).toEqual([4, 2, 3, 2, 3]);
      expect(await a.count('thing', [{ field: 'n', value: [1, 3, 99], operator: 'in' }, ...page])).toBe(2);
      expect(await a.count('thing', [{ field: 'n', value: [], operator: 'in' }])).toBe(0);
      expect(await a.count('thing', [...page, { field: 'n', value: 0, connector: 'OR' }, { field: 'n', value: 4, connector: 'OR' }])).toBe(2);
      expect(await a.count('thing', [...page, { field: 'at', value: null }])).toBe(5);
      expect(await a.count('thing', [...page, { field: 'at', value: null, operator: 'ne' }])).toBe(0);
    });

    it('updates one row (answering it) and many rows (answering the count)', async () => {
      const t = await a.create<Row>('thing', { name: 'upd', n: 1 });
      const later = new Date(AT.getTime() + 5000);
      const u = await a.update<Row>('thing', [{ field: 'id', value: t!.id }], { n: 2, flag: true, at: later, data: { k: 1 } });
      expect(u).toMatchObject({ name: 'upd', n: 2, flag: true, data: { k: 1 } });
      expect((u!.at as Date).getTime()).toBe(later.getTime());
      expect(await a.update('thing', [{ field: 'id', value: 'missing' }], { n: 3 })).toBeNull();
      expect(await a.update('thing', [{ field: 'id', value: t!.id }], { name: 'cancel' })).toBeNull();
      expect(await a.updateMany('thing', [{ field: 'name', value: 'page-', operator: 'starts_with' }], { flag: true })).toBe(5);
      expect(
        await a.count('thing', [
          { field: 'flag', value: true },
          { field: 'name', value: 'page-', operator: 'starts_with' },
        ]),
      ).toBe(5);
    });

    it('updates many rows as a compare-and-set, again and again (the statement kept after its first run)', async () => {
      const t = await a.create<Row>('thing', { name: 'cas', n: 1 });
      const casFrom = (n: number) => [
        { field: 'id', value: t!.id },
        { field: 'n', value: n },
      ];
      for (let n = 1; n <= 3; n++) {
        // The current value wins once; the same condition again, now stale, writes nothing.
        expect(await a.updateMany('thing', casFrom(n), { n: n + 1, name: `cas-${n}` })).toBe(1);
        expect(await a.updateMany('thing', casFrom(n), { n: n + 10, name: 'stale' })).toBe(0);
      }
      expect(await a.findOne<Row>('thing', [{ field: 'id', value: t!.id }])).toMatchObject({ n: 4, name: 'cas-3' });
    });

    it('runs database hooks: cancel, merge, keep, and after-hooks with the records', async () => {
      log.length = 0;
      expect(await a.create('thing', { name: 'cancel' })).toBeNull();
      expect(await a.create('thing', { name: 'rename' })).toMatchObject({ name: 'renamed' });
      await a.create('thing', { name: 'keep' });
      await a.create('thing', { name: 'gone' });
      expect(await a.delete('thing', [{ field: 'name', value: ['keep', 'gone'], operator: 'in' }])).toBe(1);
      expect(await a.count('thing', [{ field: 'name', value: 'keep' }])).toBe(1);
      expect(log).toEqual(['created renamed', 'created keep', 'created gone', 'deleted gone']);
    });

    it('deletes in cascade along references', async () => {
      const u = await user(`cascade-${dialect}@x.io`);
      await a.create('session', { userId: u!.id, token: `tok-${dialect}`, expiresAt: AT });
      await a.create('thing', { name: 'owned', ownerId: u!.id });
      expect(await a.delete('user', [{ field: 'id', value: u!.id }])).toBe(1);
      expect(await a.count('session', [{ field: 'userId', value: u!.id }])).toBe(0);
      expect(await a.count('thing', [{ field: 'ownerId', value: u!.id }])).toBe(0);
    });

    it('keeps two rows together in a transaction, and runs after-hooks only once it commits', async () => {
      log.length = 0;
      const email = `trx-${dialect}@x.io`;
      await expect(
        a.transaction(async (trx) => {
          const u = await trx.create<Row & { id: string }>('user', { name: 'T', email, emailVerified: false });
          await trx.create('thing', { name: 'in-trx', ownerId: u!.id });
          expect(log).toEqual([]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await a.count('user', [{ field: 'email', value: email }])).toBe(0);
      expect(await a.count('thing', [{ field: 'name', value: 'in-trx' }])).toBe(0);
      expect(log).toEqual([]);
      await a.transaction(async (trx) => {
        const u = await trx.create<Row & { id: string }>('user', { name: 'T', email, emailVerified: false });
        await trx.create('thing', { name: 'in-trx', ownerId: u!.id });
        expect(log).toEqual([]);
      });
      expect(log).toEqual(['created in-trx']);
      expect(await a.count('thing', [{ field: 'name', value: 'in-trx' }])).toBe(1);
    });

    it('inserts many rows in one statement, all or none; with create hooks, row by row as create does', async () => {
      const plain = new Adapter(database.db, database.caps, schema, [], Date.now);
      const batch = (tag: string, n: number) =>
        Array.from({ length: n }, (_, i) => ({ name: `${tag}-${i}`, slug: `${tag}-${dialect}-${i}`, flag: i % 2 === 0, at: AT, data: { i } }));
      await plain.createMany('thing', []);
      await plain.createMany('thing', batch('many', 3));
      const rows = await plain.findMany<Row>('thing', {
        where: [{ field: 'name', value: 'many-', operator: 'starts_with' }],
        sortBy: { field: 'name', direction: 'asc' },
      });
      expect(rows.map((r) => [r.name, r.flag, (r.at as Date).toISOString(), r.data])).toEqual([
        ['many-0', true, AT.toISOString(), { i: 0 }],
        ['many-1', false, AT.toISOString(), { i: 1 }],
        ['many-2', true, AT.toISOString(), { i: 2 }],
      ]);
      expect(rows.every((r) => typeof r.id === 'string' && r.createdAt instanceof Date)).toBe(true);

      // One slug already taken: the unique violation, and none of the batch written.
      const clash = [...batch('clash', 2), { name: 'clash-x', slug: `many-${dialect}-1` }];
      await expect(plain.createMany('thing', clash)).rejects.toSatisfy((e) => database.caps.isUniqueViolation(e));
      expect(await plain.count('thing', [{ field: 'name', value: 'clash-', operator: 'starts_with' }])).toBe(0);
      // Rows of different columns, and more rows than one statement binds: all written.
      await plain.createMany('thing', [{ name: 'odd-a' }, { name: 'odd-b', n: 2 }]);
      expect(await plain.count('thing', [{ field: 'name', value: 'odd-', operator: 'starts_with' }])).toBe(2);
      await plain.createMany('thing', batch('bulk', 3500));
      expect(await plain.count('thing', [{ field: 'name', value: 'bulk-', operator: 'starts_with' }])).toBe(3500);
      await plain.delete('thing', [{ field: 'name', value: 'bulk-', operator: 'starts_with' }]);

      // With the model's hooks: one cancelled, one renamed, after-hooks once it commits.
      log.length = 0;
      await a.createMany('thing', [{ name: 'cancel' }, { name: 'rename' }, { name: 'hooked' }]);
      expect(log).toEqual(['created renamed', 'created hooked']);
      expect(await a.count('thing', [{ field: 'name', value: 'cancel' }])).toBe(0);
    });

    it('inserts one row without reading it back; with hooks to run, as create does', async () => {
      const seen: string[] = [];
      const internal = new Adapter(database.db, database.caps, schema, [hooks], Date.now);
      // Without hooks: defaults filled in, the options' hooks skipped (this name would be cancelled).
      await internal.insert('thing', { name: 'cancel', slug: `insert-${dialect}`, at: AT, data: { i: 1 } }, { hooks: false });
      const row = await internal.findOne<Row>('thing', [{ field: 'slug', value: `insert-${dialect}` }]);
      expect(row).toMatchObject({ name: 'cancel', flag: false, at: AT, data: { i: 1 } });
      expect(typeof row?.id === 'string' && row.createdAt instanceof Date).toBe(true);
      // With hooks: the before-hook cancels and renames, the after-hook is given the row.
      log.length = 0;
      await internal.insert('thing', { name: 'cancel', slug: `insert-cancel-${dialect}` });
      await internal.insert('thing', { name: 'rename', slug: `insert-rename-${dialect}` });
      expect(await internal.count('thing', [{ field: 'slug', value: `insert-cancel-${dialect}` }])).toBe(0);
      expect(log).toEqual(['created renamed']);
      // The core's own after-hooks run even without the options' hooks, and are given the row.
      internal.addInternalHooks({ thing: { create: { after: (r) => void seen.push(`${r.name} ${typeof r.id}`) } } });
      await internal.insert('thing', { name: 'watched', slug: `insert-watched-${dialect}` }, { hooks: false });
      expect(seen).toEqual(['watched string']);
      // A unique violation is the caller's, as with create.
      await expect(internal.insert('thing', { name: 'again', slug: `insert-${dialect}` }, { hooks: false })).rejects.toSatisfy((e) =>
        database.caps.isUniqueViolation(e),
      );
    });

    it('answers a prepared hot-path query', async () => {
      const u = await user(`prep-${dialect}@x.io`);
      const text = a.db.selectFrom('user').select(['email']).where('id', '=', '').compile().sql;
      const query = database.prepare!(text, `gh_contract_${dialect}`);
      expect(await query([u!.id])).toEqual([[`prep-${dialect}@x.io`]]);
      expect(await query(['nobody'])).toEqual([]);
    });

    it("writes findOne's limit into its statement: a bound LIMIT made SQLite plan the statement again on every run", async () => {
      const u = await user(`one-${dialect}@x.io`);
      const sent: { sql: string; parameters: readonly unknown[] }[] = [];
      const execute = a.db.executeQuery.bind(a.db);
      a.db.executeQuery = ((query: CompiledQuery) => {
        sent.push({ sql: query.sql, parameters: query.parameters });
        return execute(query);
      }) as typeof a.db.executeQuery;
      try {
        // Twice: the first run compiles the statement, the second takes its text from the adapter's cache.
        for (let i = 0; i < 2; i++) expect((await a.findOne<Row>('user', [{ field: 'email', value: `one-${dialect}@x.io` }]))?.id).toBe(u!.id);
        expect(await a.findOne('user', [{ field: 'email', value: 'nobody@x.io' }])).toBeNull();
      } finally {
        delete (a.db as { executeQuery?: unknown }).executeQuery;
      }
      expect(sent).toHaveLength(3);
      for (const q of sent) {
        expect(q.sql).toMatch(/ limit 1$/i);
        expect(q.parameters).toHaveLength(1);
      }
    });

    it('builds a write once per shape: later inserts, updates and deletes of that shape run its SQL with their own values', async () => {
      const built: string[] = [];
      const db = a.db as unknown as Record<string, (...args: unknown[]) => unknown>;
      const builders = ['insertInto', 'updateTable', 'deleteFrom'] as const;
      for (const name of builders) {
        const original = db[name]!.bind(a.db);
        db[name] = (...args: unknown[]) => {
          built.push(name);
          return original(...args);
        };
      }
      const round = async (i: number) => {
        const u = await a.create<Row & { id: string; name: string }>('user', {
          name: `Writer ${i}`,
          email: `writer-${i}-${dialect}@x.io`,
          emailVerified: i % 2 === 1,
        });
        expect(u).toMatchObject({ name: `Writer ${i}`, email: `writer-${i}-${dialect}@x.io`, emailVerified: i % 2 === 1 });
        const v = await a.create<Row & { id: string }>('verification', { identifier: `w-${i}-${dialect}`, value: `v${i}`, expiresAt: AT });
        const renamed = await a.update<Row & { name: string }>('user', [{ field: 'id', value: u!.id }], { name: `Renamed ${i}` });
        expect(renamed).toMatchObject({ id: u!.id, name: `Renamed ${i}` });
        expect((await a.findOne<Row & { name: string }>('user', [{ field: 'id', value: u!.id }]))?.name).toBe(`Renamed ${i}`);
        expect(await a.delete('verification', [{ field: 'identifier', value: `w-${i}-${dialect}` }])).toBe(1);
        expect(await a.delete('verification', [{ field: 'identifier', value: `w-${i}-${dialect}` }])).toBe(0);
        expect(await a.findOne('verification', [{ field: 'id', value: v!.id }])).toBeNull();
      };
      try {
        await round(1);
        // A shape the cache already holds is not built again; other tests may have built these shapes before.
        built.length = 0;
        await round(2);
        await round(3);
      } finally {
        for (const name of builders) delete db[name];
      }
      // Without RETURNING (MySQL) an update reads the row before and after writing: those statements are built each time.
      expect(built.filter((b) => b !== 'updateTable')).toEqual([]);
      if (database.caps.supportsReturning) expect(built).toEqual([]);
    });
  });
}
