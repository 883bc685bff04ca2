import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  compileOnly,
  coreSchema,
  type DialectName,
  indexName,
  mergeSchema,
  planSteps,
  type Schema,
  type SchemaSnapshot,
  uniqueTogetherName,
} from '../../test-kit.js';
import { resolveOrganizationOptions } from './config.js';
import { organizationSchemaFor } from './schema.js';

/**
 * The tables of teams and custom roles, on each dialect, pinned like the core's
 * (db/migrate.test.ts): a change shows here for review
 * (`npx vitest run packages/core/src/plugins/organization/schema.test.ts -u` accepts it).
 */
const dialects: DialectName[] = ['sqlite', 'postgres', 'mysql'];

function migrated(schema: Schema): SchemaSnapshot {
  const indexes = new Set<string>();
  for (const [t, def] of Object.entries(schema)) {
    for (const [f, d] of Object.entries(def.fields)) if (d.index && !d.unique) indexes.add(`${t}_${f}_idx`);
    for (const columns of def.uniqueTogether ?? []) indexes.add(uniqueTogetherName(t, columns));
    for (const columns of def.indexes ?? []) indexes.add(indexName(t, columns));
  }
  return { tables: new Map(Object.entries(schema).map(([t, def]) => [t, new Set(['id', ...Object.keys(def.fields)])])), indexes };
}

const plain = mergeSchema(coreSchema(), organizationSchemaFor(resolveOrganizationOptions({})));
const full = mergeSchema(
  coreSchema(),
  organizationSchemaFor(resolveOrganizationOptions({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } })),
);

describe('organization schema: teams and custom roles only when turned on', () => {
  it('has no team, teamMember or organizationRole table, activeTeamId or teamId field by default', () => {
    expect(Object.keys(plain)).not.toContain('team');
    expect(Object.keys(plain)).not.toContain('teamMember');
    expect(Object.keys(plain)).not.toContain('organizationRole');
    expect(plain.session!.fields).not.toHaveProperty('activeTeamId');
    expect(plain.invitation!.fields).not.toHaveProperty('teamId');
    expect(full.session!.fields).toHaveProperty('activeTeamId');
    expect(full.session!.fields).toHaveProperty('activeOrganizationId');
    expect(full.invitation!.fields).toHaveProperty('teamId');
  });
});

describe.each(dialects)('organization teams and roles migration SQL: %s', (dialect) => {
  it('adds the tables and fields to an organization database, then has nothing left to do', () => {
    const db = compileOnly(dialect);
    const caps = capabilitiesOf(dialect);
    const steps = planSteps(db, caps, full, migrated(plain));
    expect(new Set(steps.map((s) => s.table))).toEqual(new Set(['team', 'teamMember', 'organizationRole', 'session', 'invitation']));
    expect(steps.map((s) => s.sql)).toMatchSnapshot();
    expect(planSteps(db, caps, full, migrated(full))).toEqual([]);
  });
});
