import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, coreSchema, type DialectName, mergeSchema, planSteps, type SchemaSnapshot } from '../../test-kit.js';
import { apiKeySchema } from './schema.js';

/**
 * The apikey table's generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/api-key -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: ReturnType<typeof coreSchema>): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('apikey migration SQL: %s', (dialect) => {
  it('creates the apikey table on a core database, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const core = coreSchema();
    const merged = mergeSchema(core, apiKeySchema);
    const steps = planSteps(db, caps, merged, migrated(core));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s) => s.table === 'apikey')).toBe(true);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, merged, migrated(merged))).toEqual([]);
  });
});
