import type { CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../../../kit.js';
import { adminEndpoint } from '../access.js';
import type { AdminConfig } from '../config.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The dashboard's ranges: 24 hours by the hour, 7 and 30 days by the (UTC) day. */
export const STATS_RANGES = {
  '24h': { size: HOUR, buckets: 24, unit: 'hour' },
  '7d': { size: DAY, buckets: 7, unit: 'day' },
  '30d': { size: DAY, buckets: 30, unit: 'day' },
} as const;

export type StatsRange = keyof typeof STATS_RANGES;

/** One hour or day of the chosen range. */
export interface StatsBucket {
  /** Its start (ISO 8601, UTC). */
  start: string;
  /** Successful sign-ins by method (`password`, a social provider's id, `passkey`, `magic-link`, `email-otp`, …). */
  signIns: Record<string, number>;
  /** Users created (any way: sign-up, social, magic link, an admin). */
  signUps: number;
  failedSignIns: number;
  lockouts: number;
}

export interface AdminStats {
  range: StatsRange;
  unit: 'hour' | 'day';
  /** The first bucket's start and the moment the numbers were read. */
  from: string;
  to: string;
  buckets: StatsBucket[];
  /** Every sign-in method seen in the range, most used first. */
  methods: string[];
  totals: { signIns: number; signUps: number; failedSignIns: number; lockouts: number };
  /** Sessions not yet expired (impersonations included). */
  activeSessions: number;
  /** `twoFactor` is null when the two-factor plugin is off. */
  users: { total: number; verified: number; banned: number; twoFactor: number | null };
}

interface Counted {
  bucket: number;
  key: string | null;
  n: number;
}

type Bucketed = 'signIns' | 'signUps' | 'failedSignIns' | 'lockouts';
type Counts = 'activeSessions' | 'total' | 'verified' | 'banned' | 'twoFactor';

/** One statement of the dashboard: compiled for EXPLAIN by the scale test, executed by `readStats`. */
export interface StatsQuery<K extends string = Bucketed | Counts> {
  name: K;
  query: { compile(): CompiledQuery; execute(): Promise<unknown[]> };
}

/**
 * Rows of `table` whose `createdAt` is from `start` on, counted per bucket in the database (the dialect's
 * `bucketOf`), optionally split by a JSON key of `details`; only `type`'s rows for audit events. It reads one
 * index range ((type, createdAt) for audit events, createdAt for users), so its cost follows the rows in
 * the range, never the table's.
 */
function perBucket(auth: AuthContext, table: 'auditEvent' | 'user', opts: { start: number; size: number; type?: string; splitBy?: string }) {
  const { adapter } = auth;
  const { caps } = adapter;
  const bucket = caps.bucketOf('createdAt', opts.start, opts.size);
  let q = adapter.db
    .selectFrom(table)
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll().as('n')])
    .where('createdAt', '>=', adapter.toDb(adapter.field(table, 'createdAt')!, opts.start));
  if (opts.type) q = q.where('type', '=', opts.type);
  if (opts.splitBy) {
    const key = caps.jsonText('details', opts.splitBy);
    return q.select(key.as('key')).groupBy([bucket, key]);
  }
  return q.groupBy(bucket);
}

/** `select count(*) from table where field op value`, the value converted for the dialect. */
function countWhere(auth: AuthContext, table: string, where?: { field: string; op: '=' | '>'; value: unknown }) {
  const { adapter } = auth;
  const q = adapter.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  return where ? q.where(where.field, where.op, adapter.toDb(adapter.field(table, where.field)!, where.value)) : q;
}

/** The window of a range at `now`: whole hours or UTC days, the last bucket being the current one. */
export function windowOf(range: StatsRange, now: number): { start: number; size: number; count: number } {
  const { size, buckets: count } = STATS_RANGES[range];
  return { start: Math.floor(now / size) * size - (count - 1) * size, size, count };
}

/** Every statement the dashboard runs for `range` at `now` (two-factor's only when that plugin is on). */
export function statsQueries(auth: AuthContext, range: StatsRange, now: number): StatsQuery[] {
  const { start, size } = windowOf(range, now);
  const list: StatsQuery[] = [
    { name: 'signIns', query: perBucket(auth, 'auditEvent', { start, size, type: 'sign-in.success', splitBy: 'method' }) },
    { name: 'signUps', query: perBucket(auth, 'user', { start, size }) },
    { name: 'failedSignIns', query: perBucket(auth, 'auditEvent', { start, size, type: 'sign-in.failure' }) },
    { name: 'lockouts', query: perBucket(auth, 'auditEvent', { start, size, type: 'sign-in.lockout' }) },
    { name: 'activeSessions', query: countWhere(auth, 'session', { field: 'expiresAt', op: '>', value: now }) },
    { name: 'total', query: countWhere(auth, 'user') },
    { name: 'verified', query: countWhere(auth, 'user', { field: 'emailVerified', op: '=', value: true }) },
    { name: 'banned', query: countWhere(auth, 'user', { field: 'banned', op: '=', value: true }) },
  ];
  if (auth.adapter.field('user', 'twoFactorEnabled')) {
    list.push({ name: 'twoFactor', query: countWhere(auth, 'user', { field: 'twoFactorEnabled', op: '=', value: true }) });
  }
  return list;
}

/** The dashboard's numbers for one range, read from the server's own tables. */
export async function readStats(auth: AuthContext, range: StatsRange): Promise<AdminStats> {
  const { unit } = STATS_RANGES[range];
  const now = auth.now();
  const { start, size, count } = windowOf(range, now);
  const buckets: StatsBucket[] = Array.from({ length: count }, (_, i) => ({
    start: new Date(start + i * size).toISOString(),
    signIns: {},
    signUps: 0,
    failedSignIns: 0,
    lockouts: 0,
  }));
  const at = (i: number) => (i >= 0 && i < count ? buckets[i] : undefined);

  const answers = new Map<string, { bucket?: unknown; key?: unknown; n: unknown }[]>();
  await Promise.all(
    statsQueries(auth, range, now).map(async ({ name, query }) => {
      answers.set(name, (await query.execute()) as { bucket?: unknown; key?: unknown; n: unknown }[]);
    }),
  );
  const counted = (name: Bucketed): Counted[] =>
    (answers.get(name) ?? []).map((r) => ({ bucket: Number(r.bucket), key: r.key == null ? null : String(r.key), n: Number(r.n) }));
  const single = (name: Counts) => Number(answers.get(name)?.[0]?.n ?? 0);

  const byMethod = new Map<string, number>();
  for (const r of counted('signIns')) {
    const b = at(r.bucket);
    if (!b) continue; // written after `now` (a moved clock): not in the range
    const method = r.key ?? 'unknown';
    b.signIns[method] = (b.signIns[method] ?? 0) + r.n;
    byMethod.set(method, (byMethod.get(method) ?? 0) + r.n);
  }
  const add = (field: 'signUps' | 'failedSignIns' | 'lockouts') => {
    let sum = 0;
    for (const r of counted(field)) {
      const b = at(r.bucket);
      if (!b) continue;
      b[field] += r.n;
      sum += r.n;
    }
    return sum;
  };
  const totals = {
    signIns: [...byMethod.values()].reduce((a, b) => a + b, 0),
    signUps: add('signUps'),
    failedSignIns: add('failedSignIns'),
    lockouts: add('lockouts'),
  };
  return {
    range,
    unit,
    from: new Date(start).toISOString(),
    to: new Date(now).toISOString(),
    buckets,
    methods: [...byMethod.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([m]) => m),
    totals,
    activeSessions: single('activeSessions'),
    users: { total: single('total'), verified: single('verified'), banned: single('banned'), twoFactor: answers.has('twoFactor') ? single('twoFactor') : null },
  };
}

/**
 * GET /admin/stats?range=24h|7d|30d (default 7d): the admin dashboard's numbers, for admins only.
 * Sign-ins by method, sign-ups, failed sign-ins and lockouts per hour (24h) or UTC day, active sessions
 * and users by status.
 */
export const adminStats = (o: AdminConfig) =>
  adminEndpoint(o, {
    method: 'GET',
    path: '/admin/stats',
    query: z.object({ range: z.enum(['24h', '7d', '30d']).default('7d') }),
    async handler(c): Promise<AdminStats> {
      return readStats(c.auth, c.query.range);
    },
  });
