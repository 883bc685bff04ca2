import { describe, expect, it } from 'vitest';
import { capabilitiesOf, compileOnly, type DialectName, type SchemaSnapshot } from './dialect.js';
import { organizationSchema } from '../plugins/organization/schema.js';
import { adminSchema } from '../plugins/admin/schema.js';
import { resolveAdminOptions } from '../plugins/admin/config.js';
import { indexName, planSteps, uniqueTogetherName } from './migrate.js';
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
    for (const columns of def.indexes ?? []) indexes.add(indexName(t, columns));
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

  it("adds the user's locale (the language of their mails) to a user table made before it", () => {
    const before = migrated(coreSchema());
    before.tables.get('user')!.delete('locale');
    expect(planSteps(db, caps, coreSchema(), before).map((s) => `${s.kind}: ${s.sql}`)).toMatchSnapshot();
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

  it('gives each declared index (one column or several, in order) a plain index, once, on existing tables', () => {
    const core = coreSchema();
    const withAdmin = mergeSchema(core, adminSchema(resolveAdminOptions()));
    const steps = planSteps(db, caps, withAdmin, migrated(core)).filter((s) => s.kind === 'create-index');
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(steps.map((s) => `${s.table}:${s.column}`)).toEqual([
      'user:createdAt',
      'user:emailVerified',
      'user:banned',
      'session:expiresAt',
      'auditEvent:type,createdAt',
      'auditEvent:userId,createdAt',
    ]);
    expect(steps.every((s) => !/unique/i.test(s.sql))).toBe(true);
    expect(planSteps(db, caps, withAdmin, migrated(withAdmin))).toEqual([]);
    // A one-column index that a field's `index: true` also asks for is created once.
    const twice = mergeSchema(core, { verification: { fields: {}, indexes: [['identifier']] } });
    expect(planSteps(db, caps, twice, empty).filter((s) => s.sql.includes('verification_identifier_idx'))).toHaveLength(1);
  });
});
