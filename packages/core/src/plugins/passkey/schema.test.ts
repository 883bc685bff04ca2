import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, coreSchema, type DialectName, mergeSchema, planSteps, type SchemaSnapshot } from '../../test-kit.js';
import { passkeySchema } from './schema.js';

/**
 * The passkey table's generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/passkey -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: ReturnType<typeof coreSchema>): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('passkey migration SQL: %s', (dialect) => {
  it('creates the passkey table on a core database, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const core = coreSchema();
    const withPasskeys = mergeSchema(core, passkeySchema);
    const steps = planSteps(db, caps, withPasskeys, migrated(core));
    expect(steps.every((s) => s.table === 'passkey')).toBe(true);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, withPasskeys, migrated(withPasskeys))).toEqual([]);
  });

  it('adds lastUsedAt, nullable, to a passkey table of the first release', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const withPasskeys = mergeSchema(coreSchema(), passkeySchema);
    const { lastUsedAt: _added, ...firstFields } = passkeySchema.passkey.fields;
    const first = mergeSchema(coreSchema(), { passkey: { fields: firstFields } });
    const steps = planSteps(db, caps, withPasskeys, migrated(first));
    expect(steps.map((s) => `${s.kind} ${s.table}.${s.column}`)).toEqual(['add-column passkey.lastUsedAt']);
    expect(steps[0]!.sql).not.toMatch(/not null/i);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
  });
});
