import { sql } from 'kysely';
import { type AuditEventType, type AuditInput, type AuthContext, type ObservedAnswer, passwordHashQueue, type PluginGauge } from '../../kit.js';

type Prom = typeof import('prom-client');
type Labelled<T> = { labels(...values: string[]): T };

/** Seconds: from a fast-lane answer (well under a millisecond) to a slow hash or a mail. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A probe that takes longer than this counts as down. */
const PROBE_TIMEOUT_MS = 2_000;
/**
 * A password sign-in's failure is recorded by the name the person typed (`email`, `username`),
 * its success as `password`: both are counted as `password`, so that a method's outcomes add up.
 */
const PASSWORD_FAILURES = new Set(['email', 'username']);
const REDIS_PROBE_KEY = 'gatehouse:metrics-probe';

/** How long `probe` took in seconds, or null when it failed or took longer than the timeout. */
async function timed(probe: () => Promise<unknown>): Promise<number | null> {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error('probe timed out')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return (performance.now() - start) / 1000;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

type AnswerLabels = { method: string; route: string; status: string };
interface AnswerRow {
  labels: AnswerLabels;
  count: number;
  sum: number;
  /** Answers per bucket (not cumulative); the last one is past the largest bound. */
  buckets: number[];
}

/**
 * The answers by method, route and status: a count, a sum and a count per latency bucket in plain
 * numbers, turned into Prometheus samples only when scraped. An answer costs one map lookup and a
 * few additions (prom-client's labelled counter and histogram would hash the labels on every answer:
 * several times the cost, on the fast lane's path).
 */
class AnswerStats {
  private readonly rows = new Map<string, AnswerRow>();

  add(a: ObservedAnswer): void {
    const key = `${a.method} ${a.path} ${a.status}`;
    let row = this.rows.get(key);
    if (!row) {
      row = { labels: { method: a.method, route: a.path, status: String(a.status) }, count: 0, sum: 0, buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0) };
      this.rows.set(key, row);
    }
    row.count++;
    row.sum += a.seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && a.seconds > LATENCY_BUCKETS[i]!) i++;
    row.buckets[i]!++;
  }

  /** A metric as prom-client's registry reads it (`get()`), for `registerMetric`. */
  private metric(
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => { value: number; labels: Record<string, string | number>; metricName?: string }[],
  ) {
    return {
      name,
      help,
      type,
      aggregator: 'sum' as const,
      collect: undefined,
      get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
    };
  }

  counter() {
    return this.metric('gatehouse_http_requests_total', 'HTTP answers by method, declared route and status', 'counter', () =>
      [...this.rows.values()].map((r) => ({ labels: r.labels, value: r.count })),
    );
  }

  histogram() {
    const name = 'gatehouse_http_request_duration_seconds';
    return this.metric(name, 'Time to answer, by method, declared route and status', 'histogram', () =>
      [...this.rows.values()].flatMap((r) => {
        let cumulative = 0;
        const buckets = LATENCY_BUCKETS.map((le, i) => {
          cumulative += r.buckets[i]!;
          return { metricName: `${name}_bucket`, labels: { ...r.labels, le }, value: cumulative };
        });
        return [
          ...buckets,
          { metricName: `${name}_bucket`, labels: { ...r.labels, le: '+Inf' }, value: r.count },
          { metricName: `${name}_sum`, labels: r.labels, value: r.sum },
          { metricName: `${name}_count`, labels: r.labels, value: r.count },
        ];
      }),
    );
  }
}

/**
 * One instance's metrics in its own prom-client `Registry` (never the global one: several
 * instances in one process each keep theirs). Counters move as the observer seam tells
 * them; the database and Redis are probed when scraped.
 */
export class MetricsRegistry {
  readonly registry: InstanceType<Prom['Registry']>;
  private readonly answers = new AnswerStats();
  private readonly signIns: Labelled<{ inc(): void }>;
  private readonly signUps: { inc(): void };
  private readonly lockouts: { inc(): void };
  private readonly rateLimited: Labelled<{ inc(): void }>;
  private readonly mailFailures: { inc(): void };

  constructor(prom: Prom, auth: AuthContext, opts: { processMetrics: boolean }, gauges: readonly PluginGauge[] = []) {
    const registry = new prom.Registry();
    this.registry = registry;
    const registers = [registry];
    // The registry reads any object with a name and get(); its types only name its own classes.
    registry.registerMetric(this.answers.counter() as unknown as InstanceType<Prom['Counter']>);
    registry.registerMetric(this.answers.histogram() as unknown as InstanceType<Prom['Histogram']>);
    this.signIns = new prom.Counter({
      name: 'gatehouse_sign_ins_total',
      help: 'Sign-in attempts by method (password, passkey, email-otp, magic-link, two-factor, email-verification, a social provider id) and outcome (success, failure)',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.signUps = new prom.Counter({ name: 'gatehouse_sign_ups_total', help: 'Accounts created', registers });
    this.lockouts = new prom.Counter({ name: 'gatehouse_lockouts_total', help: 'Identities locked after repeated failed sign-ins', registers });
    this.rateLimited = new prom.Counter({
      name: 'gatehouse_rate_limit_refusals_total',
      help: 'Requests refused by the rate limit, by declared route',
      labelNames: ['route'],
      registers,
    });
    this.mailFailures = new prom.Counter({ name: 'gatehouse_mail_failures_total', help: 'Mails that could not be sent', registers });

    // Each target is probed once per scrape: the gauges of a scrape are collected together
    // and share the probe in flight.
    const { db } = auth.database;
    const storage = auth.secondaryStorage;
    const targets: Record<string, () => Promise<unknown>> = { database: () => sql`select 1`.execute(db) };
    if (storage) targets.redis = () => storage.get(REDIS_PROBE_KEY);
    const inFlight = new Map<string, Promise<number | null>>();
    const probe = (target: string) => {
      let p = inFlight.get(target);
      if (!p) {
        p = timed(targets[target]!).finally(() => inFlight.delete(target));
        inFlight.set(target, p);
      }
      return p;
    };
    for (const [target, what] of [
      ['database', 'the database answered SELECT 1'],
      ['redis', 'the secondary storage (Redis) answered a read'],
    ] as const) {
      if (!targets[target]) continue;
      new prom.Gauge({
        name: `gatehouse_${target}_up`,
        help: `1 when ${what} within 2 s at this scrape, else 0`,
        registers,
        async collect() {
          this.set((await probe(target)) === null ? 0 : 1);
        },
      });
    }
    new prom.Gauge({
      name: 'gatehouse_probe_latency_seconds',
      help: "Round trip of this scrape's probe, by target (database; redis when configured); the timeout (2) when it failed",
      labelNames: ['target'],
      registers,
      async collect() {
        for (const target of Object.keys(targets)) this.set({ target }, (await probe(target)) ?? PROBE_TIMEOUT_MS / 1000);
      },
    });
    // How far password hashing is behind: a queue that grows is sign-ins and sign-ups waiting for a core.
    for (const [state, what] of [
      ['running', 'Password hashes (scrypt) running in this process now; at most one per core'],
      ['waiting', 'Password hashes waiting for a free core in this process now (sign-ins, sign-ups queued behind them)'],
    ] as const) {
      new prom.Gauge({
        name: `gatehouse_password_hashes_${state}`,
        help: what,
        registers,
        collect() {
          this.set(passwordHashQueue()[state]);
        },
      });
    }
    // The plugins' own values (Plugin.gauges), read at each scrape; one that fails or is late is NaN in it.
    const { logger } = auth;
    for (const g of gauges) {
      new prom.Gauge({
        name: g.name,
        help: g.help,
        registers,
        async collect() {
          let value: number | null = null;
          await timed(async () => {
            value = await g.read(auth);
          });
          if (value === null || !Number.isFinite(value)) {
            logger.warn({ gauge: g.name }, 'a gauge could not be read for this scrape');
            this.set(Number.NaN);
          } else this.set(value);
        },
      });
    }
    if (opts.processMetrics) prom.collectDefaultMetrics({ register: registry });
  }

  answer(a: ObservedAnswer): void {
    this.answers.add(a);
  }

  audit(type: AuditEventType, input: AuditInput): void {
    if (type === 'sign-up') this.signUps.inc();
    else if (type === 'sign-in.success' || type === 'sign-in.failure') {
      const given = typeof input.details?.method === 'string' ? input.details.method : 'unknown';
      const method = PASSWORD_FAILURES.has(given) ? 'password' : given;
      this.signIns.labels(method, type === 'sign-in.success' ? 'success' : 'failure').inc();
    }
  }

  locked(): void {
    this.lockouts.inc();
  }

  refused(path: string): void {
    this.rateLimited.labels(path).inc();
  }

  mailFailed(): void {
    this.mailFailures.inc();
  }
}
