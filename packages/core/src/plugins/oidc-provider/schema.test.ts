import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, coreSchema, type DialectName, mergeSchema, planSteps, type SchemaSnapshot } from '../../test-kit.js';
import { oidcProviderSchema } from './schema.js';

/**
 * The OpenID provider tables's generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/oidc-provider -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: ReturnType<typeof coreSchema>): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
  for (const [t, def] of Object.entries(schema)) for (const cols of def.uniqueTogether ?? []) indexes.add(`${t}_${cols.join('_')}_uidx`);
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('oidcProvider migration SQL: %s', (dialect) => {
  it('creates the provider tables on a core database, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const core = coreSchema();
    const withOidc = mergeSchema(core, oidcProviderSchema);
    const steps = planSteps(db, caps, withOidc, migrated(core));
    expect(steps.every((s) => ['oidcModel', 'oauthApplication', 'oauthConsent', 'oauthResourceServer', 'oidcSigningKey'].includes(s.table))).toBe(true);
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, withOidc, migrated(withOidc))).toEqual([]);
  });
});
