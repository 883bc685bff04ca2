import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../packages/core/src/context.js';
import type { DialectName } from '../../packages/core/src/db/dialect.js';
import { readStats, type StatsQuery, statsQueries } from '../../packages/core/src/plugins/admin/routes/stats.js';
import { mustSkip } from '../../packages/core/src/test/databases.js';
import { createTestClientOn, type TestClient } from '../../packages/core/src/test/harness.js';

/**
 * The dashboard at scale (GET /admin/stats): ROWS users, audit events and sessions (default 100 000 each;
 * `STATS_SCALE_ROWS=1000000` for the million the issue names) spread over 1000 hours, then the
 * database's own plan for each of the dashboard's statements: the 24-hour range and the selective counts
 * read their index (a range of (type, createdAt), createdAt, banned, twoFactorEnabled, expiresAt), never the
 * whole table. The time of each range is printed. SQLite always; Postgres when configured.
 */
const ROWS = Number(process.env.STATS_SCALE_ROWS ?? 100_000);
const HOUR = 3_600_000;
const clients: TestClient[] = [];
afterAll(async () => {
  for (const t of clients) await t.auth.close();
});

/** 0 … 10^k − 1 from a cross join of digits (the same SQL on every dialect), below ROWS. */
function numbers(): string {
  const digits =
    'select 0 as d union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9';
  const k = Math.ceil(Math.log10(ROWS));
  const from = Array.from({ length: k }, (_, i) => `(${digits}) d${i}`).join(' cross join ');
  const value = Array.from({ length: k }, (_, i) => `d${i}.d * ${10 ** i}`).join(' + ');
  return `select ${value} as i from ${from}`;
}

/** Seeds with the dialect's own date and boolean literals (test code: the service itself has no dialect `if`). */
async function seed(ctx: AuthContext, dialect: DialectName, now: number) {
  const db = ctx.database.db;
  const date = (ms: string) => (dialect === 'sqlite' ? `(${ms})` : `to_timestamp((${ms}) / 1000.0)`);
  const bool = (cond: string) => (dialect === 'sqlite' ? `(case when ${cond} then 1 else 0 end)` : `(${cond})`);
  const i = dialect === 'sqlite' ? 'n.i' : 'cast(n.i as bigint)';
  // In slices of 100 000, each statement well within the pool's query timeout.
  for (let lo = 0; lo < ROWS; lo += 100_000)
    await seedSlice(db, { date, bool, i, now, nums: `(${numbers()}) n where n.i >= ${lo} and n.i < ${Math.min(ROWS, lo + 100_000)}` });
  await sql.raw(dialect === 'sqlite' ? 'analyze' : 'vacuum analyze').execute(db);
}

interface Slice {
  date: (ms: string) => string;
  bool: (cond: string) => string;
  i: string;
  now: number;
  nums: string;
}

async function seedSlice(db: AuthContext['database']['db'], { date, bool, i, now, nums }: Slice) {
  const at = date(`${now} - (${i} % 1000) * ${HOUR} - (${i} % 997) * 1000`);
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt", "role", "banned", "twoFactorEnabled") ` +
        `select 'u' || n.i, 'User', 'u' || n.i || '@example.com', ${bool('n.i % 2 = 0')}, ${at}, ${at}, 'user', ${bool('n.i % 100 = 0')}, ${bool('n.i % 20 = 0')} from ${nums}`,
    ),
  );
  const types = `case n.i % 6 when 0 then 'sign-in.success' when 1 then 'sign-in.success' when 2 then 'sign-in.failure' when 3 then 'sign-out' when 4 then 'session.revoke' else 'sign-in.lockout' end`;
  const details = `case n.i % 12 when 0 then '{"method":"password"}' when 1 then '{"method":"github"}' when 6 then '{"method":"passkey"}' else '{"method":"magic-link"}' end`;
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into "auditEvent" ("id", "type", "userId", "ipAddress", "userAgent", "details", "createdAt") select 'a' || n.i, ${types}, 'u' || n.i, '127.0.0.1', 'bench', ${details}, ${at} from ${nums}`,
    ),
  );
  const expires = date(`${now} + ((${i} % 200) - 100) * ${HOUR}`);
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into "session" ("id", "userId", "token", "expiresAt", "createdAt", "updatedAt") select 's' || n.i, 'u' || n.i, 't' || n.i, ${expires}, ${at}, ${at} from ${nums}`,
    ),
  );
}

/** The database's plan of a statement, as one text. */
async function planOf(ctx: AuthContext, dialect: DialectName, q: StatsQuery): Promise<string> {
  const c = q.query.compile();
  const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain (format json) ';
  const r = await ctx.database.db.executeQuery(CompiledQuery.raw(explain + c.sql, [...c.parameters]));
  return JSON.stringify(r.rows);
}

/** The index each statement reads (Postgres may prefer the core's createdAt index for a short range: a range either way). */
const INDEXED: Record<string, RegExp> = {
  signIns: /auditEvent_(type_)?createdAt_idx/,
  failedSignIns: /auditEvent_(type_)?createdAt_idx/,
  lockouts: /auditEvent_(type_)?createdAt_idx/,
  signUps: /user_createdAt_idx/,
  banned: /user_banned_idx/,
  twoFactor: /user_twoFactorEnabled_idx/,
  activeSessions: /session_expiresAt_idx/,
};

describe.each(['sqlite', 'postgres'] as const)('admin stats at scale: %s', (dialect) => {
  it.skipIf(mustSkip(dialect))(
    `reads the indexes the schema declares (${ROWS} rows a table)`,
    async () => {
      const t = await createTestClientOn(dialect);
      clients.push(t);
      const ctx = await t.auth.context();
      const now = t.clock.now();
      const began = performance.now();
      await seed(ctx, dialect, now);
      const seeded = performance.now() - began;

      const queries = statsQueries(ctx, '24h', now);
      expect(queries.map((q) => q.name).sort()).toEqual([...Object.keys(INDEXED), 'total', 'verified'].sort());
      for (const q of queries) {
        const plan = await planOf(ctx, dialect, q);
        if (!INDEXED[q.name]) continue;
        expect(plan, `${q.name}: ${plan}`).toMatch(INDEXED[q.name]!);
        expect(plan, `${q.name}: ${plan}`).not.toMatch(/Seq Scan|"SCAN (user|auditEvent|session)"/);
      }

      const times: string[] = [];
      for (const range of ['24h', '7d', '30d'] as const) {
        const s = performance.now();
        const stats = await readStats(ctx, range);
        times.push(`${range} ${Math.round(performance.now() - s)} ms`);
        expect(stats.users.total).toBe(ROWS);
        expect(stats.users.banned).toBe(ROWS / 100);
      }
      const each: string[] = [];
      for (const q of statsQueries(ctx, '30d', now)) {
        const s = performance.now();
        await q.query.execute();
        each.push(`${q.name} ${Math.round(performance.now() - s)} ms`);
      }
      const day = await readStats(ctx, '24h');
      // 24 of the 1000 hours, a sixth of each hour's events are lockouts (n % 6 = 5).
      expect(day.totals.lockouts).toBeGreaterThan(0);
      console.log(`${dialect}: ${ROWS} rows a table seeded in ${Math.round(seeded)} ms; /admin/stats ${times.join(', ')}; 30d one by one: ${each.join(', ')}`);
    },
    600_000,
  );
});
