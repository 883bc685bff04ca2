import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, type DialectName, type SchemaSnapshot } from './dialect.js';
import { organizationSchema } from '../plugins/organization/schema.js';
import { planSteps, uniqueTogetherName } from './migrate.js';
import { coreSchema, mergeSchema, type Schema } from './schema.js';

/**
 * The generated SQL of each dialect, pinned: a change to the generator or to the core
 * schema shows here, for review (`npx vitest run packages/core/src/db -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];
const empty: SchemaSnapshot = { tables: new Map(), indexes: new Set() };

/** What a database migrated to `schema` holds. */
function migrated(schema: Schema): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) {
    for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
    for (const columns of def.uniqueTogether ?? []) indexes.add(uniqueTogetherName(t, columns));
  }
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

describe.each(dialects)('migration SQL: %s', (dialect) => {
  const db = compileOnly(dialect);
  const caps = capabilitiesOf(dialect);

  it('creates the core schema', () => {
    expect(planSteps(db, caps, coreSchema(), empty).map((s) => s.sql)).toMatchSnapshot();
  });

  it('adds columns, foreign keys and indexes to existing tables', () => {
    const core = coreSchema();
    const current = migrated(core);
    const grown = mergeSchema(core, {
      session: { fields: { activeOrganizationId: { type: 'string', references: { model: 'user', field: 'id', onDelete: 'set null' } } } },
      user: { fields: { username: { type: 'string', unique: true }, banned: { type: 'boolean' }, banExpires: { type: 'date' } } },
    });
    expect(planSteps(db, caps, grown, current).map((s) => `${s.kind}: ${s.sql}`)).toMatchSnapshot();
  });

  it('plans nothing for an up-to-date database', () => {
    expect(planSteps(db, caps, coreSchema(), migrated(coreSchema()))).toEqual([]);
    const withOrgs = mergeSchema(coreSchema(), organizationSchema);
    expect(planSteps(db, caps, withOrgs, migrated(withOrgs))).toEqual([]);
  });

  it('gives a set of columns declared unique together one unique index, on a new table and on an existing one', () => {
    const core = coreSchema();
    const withOrgs = mergeSchema(core, organizationSchema);
    const fresh = planSteps(db, caps, withOrgs, migrated(core)).filter((s) => s.table === 'member' && s.kind === 'create-index');
    expect(fresh.map((s) => s.sql)).toMatchSnapshot();
    // A database whose member table predates the constraint gets only the index.
    const before = migrated(withOrgs);
    before.indexes.delete(uniqueTogetherName('member', ['organizationId', 'userId']));
    const steps = planSteps(db, caps, withOrgs, before);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: 'create-index', table: 'member', column: 'organizationId,userId' });
    expect(steps[0]!.sql).toMatch(/create unique index .*member_organizationId_userId_uidx/i);
  });
});
