import { z } from 'zod';
import type { AuthContext } from '../../../context.js';
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

/**
 * Counts the rows of `table` whose `dateField` falls in each bucket from `start`, in the database (the
 * dialect's `bucketOf`), optionally split by a JSON key of `details`; only `where`'s rows. Reads one index
 * range ((type, createdAt) for audit events, createdAt for users), so the cost follows the range's rows,
 * never the table's.
 */
async function countPerBucket(
  auth: AuthContext,
  table: 'auditEvent' | 'user',
  opts: { start: number; size: number; type?: string; splitBy?: string },
): Promise<Counted[]> {
  const { adapter } = auth;
  const { caps } = adapter;
  const createdAt = adapter.field(table, 'createdAt')!;
  const bucket = caps.bucketOf('createdAt', opts.start, opts.size);
  let q = adapter.db
    .selectFrom(table)
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll().as('n')])
    .where('createdAt', '>=', adapter.toDb(createdAt, opts.start));
  if (opts.type) q = q.where('type', '=', opts.type);
  if (opts.splitBy) {
    const key = caps.jsonText('details', opts.splitBy);
    q = q.select(key.as('key')).groupBy([bucket, key]);
  } else {
    q = q.groupBy(bucket);
  }
  const rows = (await q.execute()) as { bucket: unknown; key?: unknown; n: unknown }[];
  return rows.map((r) => ({ bucket: Number(r.bucket), key: r.key == null ? null : String(r.key), n: Number(r.n) }));
}

/** The dashboard's numbers for one range, read from the server's own tables. */
export async function readStats(auth: AuthContext, range: StatsRange): Promise<AdminStats> {
  const { size, buckets: count, unit } = STATS_RANGES[range];
  const now = auth.now();
  // Whole hours or UTC days; the last bucket is the current one.
  const start = Math.floor(now / size) * size - (count - 1) * size;
  const buckets: StatsBucket[] = Array.from({ length: count }, (_, i) => ({
    start: new Date(start + i * size).toISOString(),
    signIns: {},
    signUps: 0,
    failedSignIns: 0,
    lockouts: 0,
  }));
  const at = (i: number) => (i >= 0 && i < count ? buckets[i] : undefined);
  const has = (field: string) => !!auth.adapter.field('user', field);

  const [signIns, signUps, failures, lockouts, activeSessions, total, verified, banned, twoFactor] = await Promise.all([
    countPerBucket(auth, 'auditEvent', { start, size, type: 'sign-in.success', splitBy: 'method' }),
    countPerBucket(auth, 'user', { start, size }),
    countPerBucket(auth, 'auditEvent', { start, size, type: 'sign-in.failure' }),
    countPerBucket(auth, 'auditEvent', { start, size, type: 'sign-in.lockout' }),
    auth.adapter.count('session', [{ field: 'expiresAt', value: new Date(now), operator: 'gt' }]),
    auth.adapter.count('user'),
    auth.adapter.count('user', [{ field: 'emailVerified', value: true }]),
    auth.adapter.count('user', [{ field: 'banned', value: true }]),
    has('twoFactorEnabled') ? auth.adapter.count('user', [{ field: 'twoFactorEnabled', value: true }]) : Promise.resolve(null),
  ]);

  const byMethod = new Map<string, number>();
  for (const r of signIns) {
    const b = at(r.bucket);
    if (!b) continue; // written after `now` (a moved clock): not in the range
    const method = r.key ?? 'unknown';
    b.signIns[method] = (b.signIns[method] ?? 0) + r.n;
    byMethod.set(method, (byMethod.get(method) ?? 0) + r.n);
  }
  const add = (rows: Counted[], field: 'signUps' | 'failedSignIns' | 'lockouts') => {
    let sum = 0;
    for (const r of rows) {
      const b = at(r.bucket);
      if (!b) continue;
      b[field] += r.n;
      sum += r.n;
    }
    return sum;
  };
  const totals = {
    signIns: [...byMethod.values()].reduce((a, b) => a + b, 0),
    signUps: add(signUps, 'signUps'),
    failedSignIns: add(failures, 'failedSignIns'),
    lockouts: add(lockouts, 'lockouts'),
  };
  return {
    range,
    unit,
    from: new Date(start).toISOString(),
    to: new Date(now).toISOString(),
    buckets,
    methods: [...byMethod.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([m]) => m),
    totals,
    activeSessions,
    users: { total, verified, banned, twoFactor },
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
