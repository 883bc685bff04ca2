import { sql, type Kysely, type Transaction, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { generateId } from '../crypto/random.js';
import type { DialectCapabilities } from './dialect.js';
import { afterHooks, runBefore, type DatabaseHooks } from './hooks.js';
import type { FieldDef, Schema } from './schema.js';
import type { AnyDB, FindManyOptions, Row, Where } from './types.js';

export class UnknownFieldError extends Error {}

type Executor = Kysely<AnyDB> | Transaction<AnyDB>;

/**
 * The dialect-neutral data layer: model-level CRUD over the schema (data),
 * converting values per the dialect's capabilities and running database hooks.
 */
export class Adapter {
  constructor(
    readonly db: Executor,
    readonly caps: DialectCapabilities,
    readonly schema: Schema,
    private readonly hooks: readonly DatabaseHooks[],
    private readonly now: () => number,
    /** Inside a transaction: after-hooks wait here until commit. */
    private readonly deferred?: (() => Promise<void>)[],
  ) {}

  field(model: string, name: string): FieldDef | undefined {
    if (name === 'id') return { type: 'string' };
    return this.schema[model]?.fields[name];
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

  fromDb(model: string, row: Row): Row {
    const fields = this.schema[model]!.fields;
    const out: Row = { id: row.id };
    for (const [name, def] of Object.entries(fields)) {
      const v = row[name];
      if (v === undefined) continue;
      if (v === null) {
        out[name] = null;
        continue;
      }
      switch (def.type) {
        case 'date':
          out[name] = v instanceof Date ? v : new Date(Number(v));
          break;
        case 'boolean':
          out[name] = v === true || v === 1 || v === '1';
          break;
        case 'number':
          out[name] = Number(v);
          break;
        case 'json':
          try {
            out[name] = typeof v === 'string' ? JSON.parse(v) : v;
          } catch {
            out[name] = null;
          }
          break;
        default:
          out[name] = v;
      }
    }
    return out;
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
      const escaped = String(w.value).toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
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
      else if (def.defaultValue !== undefined)
        out[name] = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
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
    let row: Row;
    if (this.caps.supportsReturning) {
      row = (await this.db.insertInto(model).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
    } else {
      await this.db.insertInto(model).values(values).execute();
      row = (await this.db.selectFrom(model).selectAll().where('id', '=', input.id).executeTakeFirstOrThrow()) as Row;
    }
    const created = this.fromDb(model, row) as T;
    if (opts.hooks !== false) await this.runAfter(afterHooks(this.hooks, model, 'create'), created);
    return created;
  }

  async findOne<T extends Row = Row>(model: string, where: readonly Where[]): Promise<T | null> {
    const row = await this.db.selectFrom(model).selectAll().where(this.whereOf(model, where)).limit(1).executeTakeFirst();
    return row ? (this.fromDb(model, row as Row) as T) : null;
  }

  async findMany<T extends Row = Row>(model: string, opts: FindManyOptions = {}): Promise<T[]> {
    let q = this.db.selectFrom(model).selectAll();
    if (opts.where?.length) q = q.where(this.whereOf(model, opts.where));
    if (opts.sortBy) {
      this.mustField(model, opts.sortBy.field);
      q = q.orderBy(`${model}.${opts.sortBy.field}`, opts.sortBy.direction);
    }
    if (opts.limit !== undefined) q = q.limit(opts.limit);
    if (opts.offset) {
      if (opts.limit === undefined) q = q.limit(2 ** 31 - 1);
      q = q.offset(opts.offset);
    }
    const rows = await q.execute();
    return rows.map((r) => this.fromDb(model, r as Row) as T);
  }

  async count(model: string, where: readonly Where[] = []): Promise<number> {
    let q = this.db.selectFrom(model).select((eb) => eb.fn.countAll().as('n'));
    if (where.length) q = q.where(this.whereOf(model, where));
    const r = (await q.executeTakeFirst()) as { n: number | string | bigint } | undefined;
    return Number(r?.n ?? 0);
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
      row = (await this.db.updateTable(model).set(values).where(this.whereOf(model, where)).returningAll().executeTakeFirst()) as Row | undefined;
    } else {
      const existing = await this.db.selectFrom(model).select('id').where(this.whereOf(model, where)).executeTakeFirst();
      if (!existing) return null;
      await this.db.updateTable(model).set(values).where('id', '=', existing.id).execute();
      row = (await this.db.selectFrom(model).selectAll().where('id', '=', existing.id).executeTakeFirst()) as Row | undefined;
    }
    if (!row) return null;
    const updated = this.fromDb(model, row) as T;
    if (opts.hooks !== false) await this.runAfter(afterHooks(this.hooks, model, 'update'), updated);
    return updated;
  }

  async updateMany(model: string, where: readonly Where[], data: Row): Promise<number> {
    const input: Row = { ...data };
    if (this.schema[model]!.fields.updatedAt && input.updatedAt === undefined) input.updatedAt = new Date(this.now());
    const r = await this.db.updateTable(model).set(this.encode(model, input)).where(this.whereOf(model, where)).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes matching rows; with hooks, each row's before-hook may keep it. */
  async delete(model: string, where: readonly Where[]): Promise<number> {
    const hasHooks = this.hooks.some((h) => h[model]?.delete);
    if (!hasHooks) {
      const r = await this.db.deleteFrom(model).where(this.whereOf(model, where)).executeTakeFirst();
      return Number(r.numDeletedRows);
    }
    const rows = await this.findMany(model, { where: [...where] });
    let n = 0;
    for (const row of rows) {
      let keep = false;
      for (const set of this.hooks) if ((await set[model]?.delete?.before?.(row)) === false) keep = true;
      if (keep) continue;
      await this.db.deleteFrom(model).where('id', '=', row.id).execute();
      n++;
      await this.runAfter(afterHooks(this.hooks, model, 'delete'), row);
    }
    return n;
  }

  /** Runs `fn` in one transaction (or the current one); after-hooks run after commit. */
  async transaction<T>(fn: (trx: Adapter) => Promise<T>): Promise<T> {
    if (this.deferred) return fn(this);
    const deferred: (() => Promise<void>)[] = [];
    const result = await (this.db as Kysely<AnyDB>)
      .transaction()
      .execute((trx) => fn(new Adapter(trx, this.caps, this.schema, this.hooks, this.now, deferred)));
    for (const run of deferred) await run();
    return result;
  }
}
