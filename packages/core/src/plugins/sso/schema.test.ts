import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, coreSchema, type DialectName, mergeSchema, organizationSchema, planSteps, type SchemaSnapshot } from '../../test-kit.js';
import { ssoSchema } from './schema.js';

/**
 * The sso tables' generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/sso/schema.test.ts -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: ReturnType<typeof coreSchema>): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('sso migration SQL: %s', (dialect) => {
  it('creates ssoProvider, ssoAssertion and ssoSession on a database with organizations, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const base = mergeSchema(coreSchema(), organizationSchema);
    const merged = mergeSchema(base, ssoSchema);
    // What the organization tables still want (their composite unique index, not in this simple snapshot) is left aside.
    const before = new Set(planSteps(db, caps, base, migrated(base)).map((s) => s.sql));
    const steps = planSteps(db, caps, merged, migrated(base)).filter((s) => !before.has(s.sql));
    expect([...new Set(steps.map((s) => s.table))]).toEqual(['ssoProvider', 'ssoAssertion', 'ssoSession']);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, merged, migrated(merged)).filter((s) => !before.has(s.sql))).toEqual([]);
  });
});
