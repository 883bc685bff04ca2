import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, coreSchema, type DialectName, mergeSchema, planSteps, type SchemaSnapshot } from '../../test-kit.js';
import { webhooksSchema } from './schema.js';

/**
 * The webhook tables' generated SQL on each dialect, pinned like the core's (db/migrate.test.ts):
 * a change shows here for review (`npx vitest run packages/core/src/plugins/webhooks -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: ReturnType<typeof coreSchema>): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('webhooks migration SQL: %s', (dialect) => {
  it('creates the endpoint and delivery tables on a core database, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const core = coreSchema();
    const withWebhooks = mergeSchema(core, webhooksSchema);
    const steps = planSteps(db, caps, withWebhooks, migrated(core));
    expect(new Set(steps.map((s) => s.table))).toEqual(new Set(['webhookEndpoint', 'webhookDelivery']));
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, withWebhooks, migrated(withWebhooks))).toEqual([]);
  });
});
