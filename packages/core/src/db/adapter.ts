import {
  CompiledQuery,
  sql,
  type Compilable,
  type Kysely,
  type QueryResult,
  type Transaction,
  type ExpressionBuilder,
  type Expression,
  type SqlBool,
} from 'kysely';
import { generateId } from '../crypto/random.js';
import type { DialectCapabilities } from './dialect.js';
import { afterHooks, runBefore, type DatabaseHooks, type HookAdapter } from './hooks.js';
import type { FieldDef, Schema } from './schema.js';
import type { AnyDB, FindManyOptions, Row, Where } from './types.js';

export class UnknownFieldError extends Error {}

const fieldLists = new WeakMap<Schema, Map<string, [string, FieldDef['type']][]>>();
const compiledStatements = new WeakMap<Schema, Map<string, string | null>>();

/** Compiled SQL of statements by dialect and shape, per schema (null: this shape is always rebuilt). */
function compiledFor(schema: Schema): Map<string, string | null> {
  let cache = compiledStatements.get(schema);
  if (!cache) {
    cache = new Map();
    compiledStatements.set(schema, cache);
  }
  return cache;
}

function fromDbValue(type: FieldDef['type'], v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'date':
      return v instanceof Date ? v : typeof v === 'string' && !/^-?\d+$/.test(v) ? new Date(v) : new Date(Number(v));
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 1n;
    case 'number':
      return Number(v);
    case 'json':
      try {
        return typeof v === 'string' ? JSON.parse(v) : v;
      } catch {
        return null;
      }
    default:
      return v;
  }
}

function sameParams(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => x === b[i] || (x instanceof Date && b[i] instanceof Date && x.getTime() === (b[i] as Date).getTime()));
}

type Executor = Kysely<AnyDB> | Transaction<AnyDB>;

/**
 * The dialect-neutral data layer: model-level CRUD over the schema (data),
 * converting values per the dialect's capabilities and running database hooks.
 */
export class Adapter implements HookAdapter {
  constructor(
    readonly db: Executor,
    readonly caps: DialectCapabilities,
    readonly schema: Schema,
    private readonly hooks: readonly DatabaseHooks[],
    private readonly now: () => number,
    /** Inside a transaction: after-hooks wait here until commit. */
    private readonly deferred?: (() => Promise<void>)[],
    /** The core's own after-hooks: they run even for `{ hooks: false }` writes. */
    private readonly internal: DatabaseHooks[] = [],
  ) {}

  /**
   * Registers the core's own after-hooks (the session manager's secondary-storage sync).
   * Unlike the options' and plugins' hooks they also run for `{ hooks: false }` writes.
   */
  addInternalHooks(hooks: DatabaseHooks): void {
    this.internal.push(hooks);
  }

  private after(model: string, op: 'create' | 'update' | 'delete', userHooks = true) {
    const internal = afterHooks(this.internal, model, op);
    return userHooks ? [...afterHooks(this.hooks, model, op), ...internal] : internal;
  }

  field(model: string, name: string): FieldDef | undefined {
    if (name === 'id') return { type: 'string' };
    // Own fields only: a name from a request ("constructor", "__proto__") must not find Object's members.
    const fields = this.schema[model]?.fields;
    return fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
  }

  private mustField(model: string, name: string): FieldDef {
    const f = this.field(model, name);
    if (!f) throw new UnknownFieldError(`Unknown field ${model}.${name}`);
    return f;
  }

  toDb(def: FieldDef, value: unknown): unknown {
    if (value === undefined || value === null) return null;
    switch (def.type) {
      case 'date': {
        const d = value instanceof Date ? value : new Date(value as string | number);
        return this.caps.supportsDate ? d : d.getTime();
      }
      case 'boolean':
        return this.caps.supportsBoolean ? Boolean(value) : value ? 1 : 0;
      case 'json':
        return typeof value === 'string' ? value : JSON.stringify(value);
      default:
        return value;
    }
  }

  /** A model's fields as [name, type] pairs, computed once per model (the schema is fixed once built). */
  private fieldList(model: string): [string, FieldDef['type']][] {
    let list = fieldLists.get(this.schema)?.get(model);
    if (!list) {
      list = Object.entries(this.schema[model]!.fields).map(([n, d]) => [n, d.type] as [string, FieldDef['type']]);
      const perSchema = fieldLists.get(this.schema) ?? new Map();
      fieldLists.set(this.schema, perSchema);
      perSchema.set(model, list);
    }
    return list;
  }

  /** A row as the driver gives it → typed values (Date, boolean, number, parsed JSON). */
  fromDb(model: string, row: Row): Row {
    const out: Row = { id: row.id };
    for (const [name, type] of this.fieldList(model)) {
      const v = row[name];
      if (v !== undefined) out[name] = fromDbValue(type, v);
    }
    return out;
  }

  /**
   * A converter for rows read as arrays (prepared hot-path queries): the model's columns
   * `id` then its fields in schema order, starting at `offset`. Built once per query.
   */
  arrayReader(model: string, offset = 0): { columns: string[]; read(values: readonly unknown[]): Row } {
    const list = this.fieldList(model);
    return {
      columns: ['id', ...list.map(([name]) => name)],
      read(values) {
        const out: Row = { id: values[offset] };
        for (let i = 0; i < list.length; i++) out[list[i]![0]] = fromDbValue(list[i]![1], values[offset + 1 + i]);
        return out;
      },
    };
  }

  private encode(model: string, data: Row): Row {
    const out: Row = {};
    for (const [k, v] of Object.entries(data)) {
      if (v === undefined) continue;
      out[k] = this.toDb(this.mustField(model, k), v);
    }
    return out;
  }

  private condition(model: string, eb: ExpressionBuilder<AnyDB, string>, w: Where): Expression<SqlBool> {
    const def = this.mustField(model, w.field);
    const ref = sql.ref(`${model}.${w.field}`);
    const op = w.operator ?? 'eq';
    if (op === 'in') {
      const values = (Array.isArray(w.value) ? w.value : [w.value]).map((v) => this.toDb(def, v));
      if (values.length === 0) return sql<SqlBool>`1 = 0`;
      return eb(`${model}.${w.field}`, 'in', values);
    }
    if (op === 'contains' || op === 'starts_with' || op === 'ends_with') {
      const escaped = String(w.value)
        .toLowerCase()
        .replace(/[!%_]/g, (c) => `!${c}`);
      const pattern = op === 'contains' ? `%${escaped}%` : op === 'starts_with' ? `${escaped}%` : `%${escaped}`;
      return sql<SqlBool>`lower(${ref}) like ${pattern} escape '!'`;
    }
    const value = this.toDb(def, w.value);
    if (value === null) return op === 'ne' ? eb(`${model}.${w.field}`, 'is not', null) : eb(`${model}.${w.field}`, 'is', null);
    const sqlOp = ({ eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const)[op];
    return eb(`${model}.${w.field}`, sqlOp, value);
  }

  private whereOf(model: string, where: readonly Where[]) {
    return (eb: ExpressionBuilder<AnyDB, string>) => {
      const ands = where.filter((w) => w.connector !== 'OR').map((w) => this.condition(model, eb, w));
      const ors = where.filter((w) => w.connector === 'OR').map((w) => this.condition(model, eb, w));
      if (ors.length) ands.push(eb.or(ors));
      return eb.and(ands);
    };
  }

  private withDefaults(model: string, data: Row): Row {
    const fields = this.schema[model]!.fields;
    const now = new Date(this.now());
    const out: Row = { id: data.id ?? generateId(), ...data };
    for (const [name, def] of Object.entries(fields)) {
      if (out[name] !== undefined) continue;
      if (name === 'createdAt' || name === 'updatedAt') out[name] = now;
      else if (def.defaultValue !== undefined) out[name] = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    }
    return out;
  }

  private async runAfter(fns: ((row: Row) => Promise<void> | void)[], row: Row): Promise<void> {
    if (!fns.length) return;
    const run = async () => {
      for (const f of fns) await f(row);
    };
    if (this.deferred) this.deferred.push(run);
    else await run();
  }

  async create<T extends Row = Row>(model: string, data: Row, opts: { hooks?: boolean } = {}): Promise<T | null> {
    let input = this.withDefaults(model, data);
    if (opts.hooks !== false) {
      const merged = await runBefore(this.hooks, model, 'create', input, { adapter: this });
      if (!merged) return null;
      input = merged;
    }
    const values = this.encode(model, input);
    const columns = Object.keys(values);
    const insert = () => this.db.insertInto(model).values(values);
    const key = `insert|${model}|${columns.join(',')}`;
    let row: Row | undefined;
    if (this.caps.supportsReturning) {
      row = (await this.run(`${key}|returning`, () => insert().returningAll(), Object.values(values))).rows[0];
    } else {
      await this.run(key, insert, Object.values(values));
      row = await this.firstRow(model, [{ field: 'id', value: input.id }]);
    }
    if (!row) throw new Error(`the ${model} row written was not read back`);
    const created = this.fromDb(model, row) as T;
    await this.runAfter(this.after(model, 'create', opts.hooks !== false), created);
    return created;
  }

  /** Whether creating a row of `model` runs hooks: the options' and plugins' (unless `userHooks` is false), or the core's own. */
  private createHooked(model: string, userHooks = true): boolean {
    return [...(userHooks ? this.hooks : []), ...this.internal].some((set) => set[model]?.create);
  }

  /**
   * Writes one row as `create` does and reads nothing back: for a writer that never looks at the
   * row it wrote (the audit log, the OpenID provider's storage), where `create` has it returned
   * (SQLite, PostgreSQL) or, on MySQL, selected again: a second round trip, which fails when
   * another request deleted the row in between. When the model has create hooks to run, it is
   * `create`: they are given the row.
   */
  async insert(model: string, data: Row, opts: { hooks?: boolean } = {}): Promise<void> {
    if (this.createHooked(model, opts.hooks !== false)) {
      await this.create(model, data, opts);
      return;
    }
    const values = this.encode(model, this.withDefaults(model, data));
    await this.run(`insert|${model}|${Object.keys(values).join(',')}`, () => this.db.insertInto(model).values(values), Object.values(values));
  }

  /**
   * Inserts `rows` (all or none) in as few statements as the dialect's bound parameters allow, and
   * reads nothing back: for a writer of many rows at once, where a statement a row cost a round trip
   * and the driver's work each (on PostgreSQL most of a client-credentials grant's CPU). When the
   * model has create hooks (a before-hook may change or cancel each row), or the rows' columns
   * differ, each is created as `create` creates it, in one transaction.
   */
  async createMany(model: string, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const oneByOne = () =>
      this.transaction(async (trx) => {
        for (const row of rows) await trx.create(model, row);
      });
    if (this.createHooked(model)) return oneByOne();
    const values = rows.map((row) => this.encode(model, this.withDefaults(model, row)));
    const columns = Object.keys(values[0]!);
    if (values.some((v) => Object.keys(v).join() !== columns.join())) return oneByOne();
    // SQLite binds at most 32 766 parameters a statement, PostgreSQL and MySQL 65 535.
    const perStatement = Math.floor(30_000 / columns.length);
    const insert = async (trx: Adapter) => {
      for (let i = 0; i < values.length; i += perStatement) {
        const chunk = values.slice(i, i + perStatement);
        // Compiled each time: its text depends on the count, which would fill `run`'s cache of shapes.
        await trx.db.insertInto(model).values(chunk).execute();
      }
    };
    if (values.length <= perStatement) await insert(this);
    else await this.transaction(insert);
  }

  /** The parameters `whereOf(model, where)` binds, in Kysely's order (ANDs, then the OR group). */
  private whereParams(model: string, where: readonly Where[]): unknown[] {
    const out: unknown[] = [];
    const add = (w: Where) => {
      const def = this.mustField(model, w.field);
      const op = w.operator ?? 'eq';
      if (op === 'in') {
        for (const v of Array.isArray(w.value) ? w.value : [w.value]) out.push(this.toDb(def, v));
      } else if (op === 'contains' || op === 'starts_with' || op === 'ends_with') {
        const escaped = String(w.value)
          .toLowerCase()
          .replace(/[!%_]/g, (c) => `!${c}`);
        out.push(op === 'contains' ? `%${escaped}%` : op === 'starts_with' ? `${escaped}%` : `%${escaped}`);
      } else {
        const v = this.toDb(def, w.value);
        if (v !== null) out.push(v);
      }
    };
    for (const w of where) if (w.connector !== 'OR') add(w);
    for (const w of where) if (w.connector === 'OR') add(w);
    return out;
  }

  /** What decides a query's SQL text (not its values): fields, operators, connectors, list lengths, nulls. */
  private shapeOf(where: readonly Where[]): string {
    let key = '';
    for (const w of where) {
      const op = w.operator ?? 'eq';
      const tail = op === 'in' ? (Array.isArray(w.value) ? w.value.length : 1) : w.value === null || w.value === undefined ? 'null' : '';
      key += `${w.field},${op},${w.connector === 'OR' ? 'or' : 'and'},${tail};`;
    }
    return key;
  }

  /** A read's rows (`run`). */
  private async read(key: string, build: () => Compilable, params: unknown[]): Promise<Row[]> {
    return (await this.run(key, build, params)).rows;
  }

  /**
   * Runs a statement, read or write, whose SQL depends only on `key` (its shape: model,
   * columns, conditions): built and compiled by Kysely the first time, then run again as that
   * SQL with fresh parameters, `params` in the order Kysely binds them (SQLite keeps the
   * prepared statement). A shape whose parameters do not come out as `params` predicts is
   * never reused, only rebuilt.
   */
  private async run(key: string, build: () => Compilable, params: unknown[]): Promise<QueryResult<Row>> {
    const cache = compiledFor(this.schema);
    key = `${this.caps.name}|${key}`;
    const sqlText = cache.get(key);
    if (sqlText) return this.db.executeQuery<Row>(CompiledQuery.raw(sqlText, params));
    const compiled = build().compile();
    if (sqlText === undefined && cache.size < 2000) cache.set(key, sameParams(compiled.parameters, params) ? compiled.sql : null);
    return this.db.executeQuery<Row>(compiled as CompiledQuery<Row>);
  }

  async findOne<T extends Row = Row>(model: string, where: readonly Where[]): Promise<T | null> {
    const row = await this.firstRow(model, where);
    return row ? (this.fromDb(model, row) as T) : null;
  }

  /** The first row matching `where`, as the driver gives it. */
  private async firstRow(model: string, where: readonly Where[]): Promise<Row | undefined> {
    // `limit 1` written into the statement, not bound: SQLite (3.53 here) plans with a bound
    // LIMIT's value, so binding it again on each run expired the statement and every findOne
    // was parsed and planned anew (≈ 8 µs against ≈ 1 µs; docs/performance.md).
    const rows = await this.read(
      `one|${model}|${this.shapeOf(where)}`,
      () => this.db.selectFrom(model).selectAll().where(this.whereOf(model, where)).limit(sql.lit(1)),
      this.whereParams(model, where),
    );
    return rows[0];
  }

  async findMany<T extends Row = Row>(model: string, opts: FindManyOptions = {}): Promise<T[]> {
    const where = opts.where ?? [];
    if (opts.sortBy) this.mustField(model, opts.sortBy.field);
    const limit = opts.limit ?? (opts.offset ? 2 ** 31 - 1 : undefined);
    const params = this.whereParams(model, where);
    if (limit !== undefined) params.push(limit);
    if (opts.offset) params.push(opts.offset);
    const key = `many|${model}|${this.shapeOf(where)}|${opts.sortBy ? `${opts.sortBy.field} ${opts.sortBy.direction}` : ''}|${limit !== undefined}|${!!opts.offset}`;
    const rows = await this.read(
      key,
      () => {
        let q = this.db.selectFrom(model).selectAll();
        if (where.length) q = q.where(this.whereOf(model, where));
        if (opts.sortBy) q = q.orderBy(`${model}.${opts.sortBy.field}`, opts.sortBy.direction);
        if (limit !== undefined) q = q.limit(limit);
        if (opts.offset) q = q.offset(opts.offset);
        return q;
      },
      params,
    );
    return rows.map((r) => this.fromDb(model, r) as T);
  }

  async count(model: string, where: readonly Where[] = []): Promise<number> {
    const rows = await this.read(
      `count|${model}|${this.shapeOf(where)}`,
      () => {
        const q = this.db.selectFrom(model).select((eb) => eb.fn.countAll().as('n'));
        return where.length ? q.where(this.whereOf(model, where)) : q;
      },
      this.whereParams(model, where),
    );
    return Number((rows[0] as { n?: number | string | bigint } | undefined)?.n ?? 0);
  }

  /** Updates the first row matching `where`; null when none (or a hook cancelled). */
  async update<T extends Row = Row>(model: string, where: readonly Where[], data: Row, opts: { hooks?: boolean } = {}): Promise<T | null> {
    let input: Row = { ...data };
    if (this.schema[model]!.fields.updatedAt && input.updatedAt === undefined) input.updatedAt = new Date(this.now());
    if (opts.hooks !== false) {
      const merged = await runBefore(this.hooks, model, 'update', input, { adapter: this, where });
      if (!merged) return null;
      input = merged;
    }
    const values = this.encode(model, input);
    let row: Row | undefined;
    if (this.caps.supportsReturning) {
      row = (
        await this.run(
          `update|${model}|${Object.keys(values).join(',')}|${this.shapeOf(where)}|returning`,
          () => this.db.updateTable(model).set(values).where(this.whereOf(model, where)).returningAll(),
          [...Object.values(values), ...this.whereParams(model, where)],
        )
      ).rows[0];
    } else {
      const existing = await this.db.selectFrom(model).select('id').where(this.whereOf(model, where)).executeTakeFirst();
      if (!existing) return null;
      // The whole condition again in the UPDATE: between the two statements another writer
      // may have changed the row, and a compare-and-set (`value = old`) must then write nothing.
      const result = await this.db
        .updateTable(model)
        .set(values)
        .where((eb) => eb.and([eb(`${model}.id`, '=', existing.id), this.whereOf(model, where)(eb)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      row = (await this.db.selectFrom(model).selectAll().where('id', '=', existing.id).executeTakeFirst()) as Row | undefined;
    }
    if (!row) return null;
    const updated = this.fromDb(model, row) as T;
    await this.runAfter(this.after(model, 'update', opts.hooks !== false), updated);
    return updated;
  }

  /**
   * Updates every matching row. Before-hooks do not run (there is no single record to
   * hand them); after-hooks do, with each updated row, so hook-driven copies (the
   * secondary storage's sessions) never go stale.
   */
  async updateMany(model: string, where: readonly Where[], data: Row): Promise<number> {
    const input: Row = { ...data };
    if (this.schema[model]!.fields.updatedAt && input.updatedAt === undefined) input.updatedAt = new Date(this.now());
    const values = this.encode(model, input);
    const after = this.after(model, 'update');
    if (!after.length) {
      const r = await this.run(
        `updateMany|${model}|${Object.keys(values).join(',')}|${this.shapeOf(where)}`,
        () => this.db.updateTable(model).set(values).where(this.whereOf(model, where)),
        [...Object.values(values), ...this.whereParams(model, where)],
      );
      return Number(r.numAffectedRows ?? 0n);
    }
    const ids = (await this.db.selectFrom(model).select('id').where(this.whereOf(model, where)).execute()).map((r) => r.id as string);
    if (!ids.length) return 0;
    const r = await this.db.updateTable(model).set(values).where('id', 'in', ids).executeTakeFirst();
    const rows = await this.db.selectFrom(model).selectAll().where('id', 'in', ids).execute();
    for (const row of rows) await this.runAfter(after, this.fromDb(model, row as Row));
    return Number(r.numUpdatedRows);
  }

  /**
   * Deletes matching rows. With hooks, each row's before-hook may keep it, and the
   * after-hooks get exactly the rows deleted (RETURNING where the dialect has it).
   */
  async delete(model: string, where: readonly Where[]): Promise<number> {
    const hasBefore = this.hooks.some((h) => h[model]?.delete?.before);
    const after = this.after(model, 'delete');
    const shape = `delete|${model}|${this.shapeOf(where)}`;
    if (!hasBefore && !after.length) {
      const r = await this.run(shape, () => this.db.deleteFrom(model).where(this.whereOf(model, where)), this.whereParams(model, where));
      return Number(r.numAffectedRows ?? 0n);
    }
    if (!hasBefore && this.caps.supportsReturning) {
      const { rows } = await this.run(
        `${shape}|returning`,
        () => this.db.deleteFrom(model).where(this.whereOf(model, where)).returningAll(),
        this.whereParams(model, where),
      );
      for (const row of rows) await this.runAfter(after, this.fromDb(model, row));
      return rows.length;
    }
    const rows = await this.findMany(model, { where: [...where] });
    const doomed: Row[] = [];
    for (const row of rows) {
      let keep = false;
      for (const set of this.hooks) if ((await set[model]?.delete?.before?.(row)) === false) keep = true;
      if (!keep) doomed.push(row);
    }
    if (!doomed.length) return 0;
    const r = await this.db
      .deleteFrom(model)
      .where(
        'id',
        'in',
        doomed.map((row) => row.id as string),
      )
      .executeTakeFirst();
    for (const row of doomed) await this.runAfter(after, row);
    return Number(r.numDeletedRows);
  }

  /** Runs `fn` in one transaction (or the current one); after-hooks run after commit. */
  async transaction<T>(fn: (trx: Adapter) => Promise<T>): Promise<T> {
    if (this.deferred) return fn(this);
    const deferred: (() => Promise<void>)[] = [];
    const result = await (this.db as Kysely<AnyDB>)
      .transaction()
      .execute((trx) => fn(new Adapter(trx, this.caps, this.schema, this.hooks, this.now, deferred, this.internal)));
    for (const run of deferred) await run();
    return result;
  }
}
