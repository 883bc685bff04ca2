import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, mustSkip, type TestDatabase } from '../../packages/core/src/test/databases.js';
import { runCli, startGatehouse, type Started } from '../server/process.js';

/** DATABASE_POOL_SIZE bounds each instance's pooled connections (seen from Postgres itself), beside its one listening connection. */
describe.skipIf(mustSkip('postgres'))('database pool size', () => {
  let db: TestDatabase | undefined;
  let server: Started | undefined;
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('opens at most DATABASE_POOL_SIZE connections under concurrent load', async () => {
    db = await createTestDatabase('postgres');
    const app = `gh_pool_${randomBytes(4).toString('hex')}`;
    const url = new URL(db.url);
    url.searchParams.set('application_name', app);
    server = await startGatehouse({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '2', RATE_LIMIT: 'off' });
    // Readiness runs a query each: 40 at once would open 40 connections without a bound.
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${server!.url}/api/auth/ready`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    try {
      // The pool's connections, and beside them the one that listens for other instances' session changes (docs/deploy.md).
      const count = async (listening: boolean) =>
        (await client.query(`select count(*)::int as n from pg_stat_activity where application_name = $1 and (query ilike 'listen %') = $2`, [app, listening]))
          .rows[0].n as number;
      const pooled = await count(false);
      expect(pooled).toBeGreaterThanOrEqual(1);
      expect(pooled).toBeLessThanOrEqual(2);
      expect(await count(true)).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('refuses a pool size that is not a positive integer, naming the variable', async () => {
    const r = await runCli(['migrate'], { DATABASE_POOL_SIZE: 'lots' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('DATABASE_POOL_SIZE');
  });
});
