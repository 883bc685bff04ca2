import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { introspect, withMigrationLock, type DialectCapabilities, type SchemaSnapshot } from './dialect.js';
import type { FieldDef, Schema } from './schema.js';
import type { AnyDB } from './types.js';

export interface MigrationStep {
  kind: 'create-table' | 'add-column' | 'create-index' | 'add-foreign-key';
  table: string;
  column?: string;
  sql: string;
  /**
   * Set when the step could not be applied and the rest went on: a unique index over rows
   * that already repeat (written before the index existed). The service runs as before
   * without it; the reason names what to clean up.
   */
  skipped?: string;
}

function isKey(def: FieldDef): boolean {
  return !!(def.unique || def.index || def.references);
}

const fkName = (table: string, column: string) => `${table}_${column}_fk`;

/**
 * The statements that bring a database holding `current` to `schema`: new tables, new
 * columns, missing indexes. Pure (no I/O): `db` only compiles, so the SQL of each dialect
 * can be pinned by snapshot tests with a compile-only Kysely.
 */
export function planSteps(db: Kysely<AnyDB>, caps: DialectCapabilities, schema: Schema, current: SchemaSnapshot): MigrationStep[] {
  const steps: MigrationStep[] = [];
  const type = (f: FieldDef) => sql.raw(caps.columnType(f.type, { long: f.long, key: isKey(f) }));

  for (const [table, def] of Object.entries(schema)) {
    const have = current.tables.get(table);
    if (!have) {
      let q: CreateTableBuilder<string, string> = db.schema
        .createTable(table)
        .ifNotExists()
        .addColumn('id', sql.raw(caps.columnType('string', { key: true })), (c) => c.primaryKey().notNull());
      for (const [name, f] of Object.entries(def.fields)) {
        q = q.addColumn(name, type(f), (c) => {
          let col = c;
          if (f.required) col = col.notNull();
          if (f.unique) col = col.unique();
          return col;
        });
      }
      // Table-level foreign keys: the one form all three dialects honour (MySQL ignores column-level REFERENCES).
      for (const [name, f] of Object.entries(def.fields)) {
        if (!f.references) continue;
        const ref = f.references;
        q = q.addForeignKeyConstraint(fkName(table, name), [name], ref.model, [ref.field], (c) => c.onDelete(ref.onDelete ?? 'cascade'));
      }
      if (caps.tableOptions) q = q.modifyEnd(sql.raw(caps.tableOptions));
      steps.push({ kind: 'create-table', table, sql: q.compile().sql });
    } else {
      for (const [name, f] of Object.entries(def.fields)) {
        if (have.has(name)) continue;
        // Added columns stay nullable: existing rows have no value for them.
        const inline = f.references && caps.inlineReferences ? f.references : undefined;
        const q = db.schema
          .alterTable(table)
          .addColumn(name, type(f), (c) => (inline ? c.references(`${inline.model}.${inline.field}`).onDelete(inline.onDelete ?? 'cascade') : c));
        steps.push({ kind: 'add-column', table, column: name, sql: q.compile().sql });
        if (f.references && !caps.inlineReferences) {
          const ref = f.references;
          const fk = db.schema
            .alterTable(table)
            .addForeignKeyConstraint(fkName(table, name), [name], ref.model, [ref.field], (c) => c.onDelete(ref.onDelete ?? 'cascade'));
          steps.push({ kind: 'add-foreign-key', table, column: name, sql: fk.compile().sql });
        }
      }
    }
    for (const [name, f] of Object.entries(def.fields)) {
      // A unique column of a new table carries its constraint; one added later gets a unique index.
      const unique = !!f.unique && !!have && !have.has(name);
      if (!(f.index && !f.unique) && !unique) continue;
      const index = `${table}_${name}_${unique ? 'uidx' : 'idx'}`;
      if (current.indexes.has(index)) continue;
      let idx = db.schema.createIndex(index).on(table).column(name);
      if (unique) idx = idx.unique();
      if (caps.createIndexIfNotExists) idx = idx.ifNotExists();
      steps.push({ kind: 'create-index', table, column: name, sql: idx.compile().sql });
    }
    for (const columns of def.uniqueTogether ?? []) {
      const index = uniqueTogetherName(table, columns);
      if (current.indexes.has(index)) continue;
      let idx = db.schema
        .createIndex(index)
        .on(table)
        .columns([...columns])
        .unique();
      if (caps.createIndexIfNotExists) idx = idx.ifNotExists();
      steps.push({ kind: 'create-index', table, column: columns.join(','), sql: idx.compile().sql });
    }
    const planned = new Set(steps.map((s) => s.kind === 'create-index' && s.sql));
    for (const columns of def.indexes ?? []) {
      const index = indexName(table, columns);
      if (current.indexes.has(index)) continue;
      let idx = db.schema
        .createIndex(index)
        .on(table)
        .columns([...columns]);
      if (caps.createIndexIfNotExists) idx = idx.ifNotExists();
      const compiled = idx.compile().sql;
      // A one-column entry may name the same index as a field's `index: true`: it is created once.
      if (planned.has(compiled)) continue;
      steps.push({ kind: 'create-index', table, column: columns.join(','), sql: compiled });
    }
  }
  return steps;
}

/** `account` + `[providerId, accountId]` → `account_providerId_accountId_uidx`. */
export const uniqueTogetherName = (table: string, columns: readonly string[]) => `${table}_${columns.join('_')}_uidx`;

/** `auditEvent` + `[type, createdAt]` → `auditEvent_type_createdAt_idx` (one column: the name `index: true` gives it). */
export const indexName = (table: string, columns: readonly string[]) => `${table}_${columns.join('_')}_idx`;

/** The steps a migration would take on this database (its current schema only). */
export async function planMigration(db: Kysely<AnyDB>, caps: DialectCapabilities, schema: Schema): Promise<MigrationStep[]> {
  return planSteps(db, caps, schema, await introspect(db, caps));
}

/**
 * Creates or updates the schema. Safe while another process uses or migrates the same
 * database: Postgres and MySQL take a lock per schema, and a step another process applied
 * first ("already exists", "duplicate") is skipped.
 */
export async function migrate(db: Kysely<AnyDB>, caps: DialectCapabilities, schema: Schema): Promise<MigrationStep[]> {
  return withMigrationLock(db, caps, async (conn) => {
    const steps = await planMigration(conn, caps, schema);
    for (const step of steps) {
      try {
        await sql.raw(step.sql).execute(conn);
      } catch (e) {
        if (step.kind === 'create-index' && caps.isUniqueViolation(e)) {
          step.skipped = `rows of ${step.table} repeat (${step.column}); remove the repeats and migrate again: ${(e as Error).message}`;
          continue;
        }
        // Applied meanwhile by another process: "already exists" (SQLite, Postgres), MySQL's duplicate key, column or foreign key name.
        const msg = String((e as Error).message);
        if (!/already exists|duplicate (key|column|foreign key)/i.test(msg)) throw e;
      }
    }
    return steps;
  });
}
