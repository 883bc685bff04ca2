import { sql, type Kysely } from 'kysely';
import type { DialectCapabilities } from './dialect.js';
import type { FieldDef, Schema } from './schema.js';
import type { AnyDB } from './types.js';

export interface MigrationStep {
  kind: 'create-table' | 'add-column' | 'create-index';
  table: string;
  column?: string;
  sql: string;
}

function isKey(def: FieldDef): boolean {
  return !!(def.unique || def.index || def.references);
}

/** The statements that bring the database to `schema`: new tables, new columns, indexes. */
export async function planMigration(db: Kysely<AnyDB>, caps: DialectCapabilities, schema: Schema): Promise<MigrationStep[]> {
  const existing = new Map<string, Set<string>>();
  for (const t of await db.introspection.getTables()) existing.set(t.name, new Set(t.columns.map((c) => c.name)));
  const steps: MigrationStep[] = [];
  const idType = caps.columnType('string', { key: true });

  for (const [table, def] of Object.entries(schema)) {
    const have = existing.get(table);
    if (!have) {
      let q = db.schema.createTable(table).ifNotExists().addColumn('id', sql.raw(idType), (c) => c.primaryKey().notNull());
      for (const [name, f] of Object.entries(def.fields)) {
        q = q.addColumn(name, sql.raw(caps.columnType(f.type, { long: f.long, key: isKey(f) })), (c) => {
          let col = c;
          if (f.required) col = col.notNull();
          if (f.unique) col = col.unique();
          if (f.references) col = col.references(`${f.references.model}.${f.references.field}`).onDelete(f.references.onDelete ?? 'cascade');
          return col;
        });
      }
      steps.push({ kind: 'create-table', table, sql: q.compile().sql });
    } else {
      for (const [name, f] of Object.entries(def.fields)) {
        if (have.has(name)) continue;
        // Added columns stay nullable: existing rows have no value for them.
        const q = db.schema.alterTable(table).addColumn(name, sql.raw(caps.columnType(f.type, { long: f.long, key: isKey(f) })), (c) =>
          f.references ? c.references(`${f.references.model}.${f.references.field}`).onDelete(f.references.onDelete ?? 'cascade') : c,
        );
        steps.push({ kind: 'add-column', table, column: name, sql: q.compile().sql });
        if (f.unique) {
          const idx = db.schema.createIndex(`${table}_${name}_uidx`).ifNotExists().unique().on(table).column(name);
          steps.push({ kind: 'create-index', table, column: name, sql: idx.compile().sql });
        }
      }
    }
    for (const [name, f] of Object.entries(def.fields)) {
      if (!f.index || f.unique || (have?.has(name) ?? false)) continue;
      let idx = db.schema.createIndex(`${table}_${name}_idx`).on(table).column(name);
      if (caps.name !== 'mysql') idx = idx.ifNotExists();
      steps.push({ kind: 'create-index', table, column: name, sql: idx.compile().sql });
    }
  }
  return steps;
}

/** Creates or updates the schema; safe to run while another process uses the database. */
export async function migrate(db: Kysely<AnyDB>, caps: DialectCapabilities, schema: Schema): Promise<MigrationStep[]> {
  const steps = await planMigration(db, caps, schema);
  for (const step of steps) {
    try {
      await sql.raw(step.sql).execute(db);
    } catch (e) {
      // Another process may have applied the same step first.
      const msg = String((e as Error).message);
      if (!/already exists|duplicate/i.test(msg)) throw e;
    }
  }
  return steps;
}
