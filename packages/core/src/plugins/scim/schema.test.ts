import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  compileOnly,
  coreSchema,
  type DialectName,
  mergeSchema,
  organizationSchema,
  planSteps,
  type Schema,
  type SchemaSnapshot,
  uniqueTogetherName,
} from '../../test-kit.js';
import { scimSchema } from './schema.js';

/**
 * The SCIM tables' generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/scim/schema.test.ts -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: Schema): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) {
    for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
    for (const cols of def.indexes ?? []) indexes.add(`${t}_${cols.join('_')}_idx`);
    for (const cols of def.uniqueTogether ?? []) indexes.add(uniqueTogetherName(t, cols));
  }
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('scim migration SQL: %s', (dialect) => {
  it('creates the scim tables on a database with organizations, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const before = mergeSchema(coreSchema(), organizationSchema);
    const merged = mergeSchema(before, scimSchema);
    const steps = planSteps(db, caps, merged, migrated(before));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s) => s.table.startsWith('scim'))).toBe(true);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, merged, migrated(merged))).toEqual([]);
  });
});
