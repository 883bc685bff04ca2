import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { auth } from '../../auth';
import { ErrorMessage, Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { formatDate } from '../../lib/format';
import { providerName } from '../../lib/provider-names';
import { refusalOf, unwrap } from '../../lib/query-client';

type Range = '24h' | '7d' | '30d';
const RANGES: { value: Range; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];

const METHOD_NAMES: Record<string, string> = {
  password: 'Password',
  passkey: 'Passkey',
  'magic-link': 'Magic link',
  'email-otp': 'Email code',
  'email-verification': 'Email verification',
};
const methodName = (m: string) => METHOD_NAMES[m] ?? providerName(m);

/** Distinct in light and dark themes; a method beyond these reuses them in order. */
const PALETTE = ['#2251d1', '#1f9d55', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777'];

/** The dashboard's query key: the range is all it depends on. */
export const statsKey = (range: Range) => ['admin', 'stats', range] as const;

/** A bucket's label: the hour (local time) for 24 hours, the UTC day the server counted otherwise. */
function bucketLabel(start: string, unit: 'hour' | 'day'): string {
  const d = new Date(start);
  return unit === 'hour'
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Sign-ins by method, sign-ups, failures and lockouts over 24 hours, 7 or 30 days; users and sessions now.
 * Loaded on its own (router.tsx), so the chart library stays out of the other pages' bundle.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const range = (RANGES.some((r) => r.value === params.get('range')) ? params.get('range') : '7d') as Range;
  const stats = useQuery({
    queryKey: statsKey(range),
    queryFn: () => unwrap(auth.admin.stats({ range })),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;
  const rows =
    data?.buckets.map((b) => ({
      label: bucketLabel(b.start, data.unit),
      ...Object.fromEntries(data.methods.map((m) => [m, b.signIns[m] ?? 0])),
      signUps: b.signUps,
      failedSignIns: b.failedSignIns,
      lockouts: b.lockouts,
    })) ?? [];

  return (
    <Page title="Dashboard">
      <fieldset className="segmented">
        <legend className="visually-hidden">Range</legend>
        {RANGES.map((r) => (
          <button
            key={r.value}
            type="button"
            aria-pressed={r.value === range}
            onClick={() => setParams((p) => {
              const next = new URLSearchParams(p);
              next.set('range', r.value);
              return next;
            })}
          >
            {r.label}
          </button>
        ))}
      </fieldset>
      <ErrorMessage error={refusalOf(stats.error)} />
      {stats.isPending ? <Loading what="Loading the numbers…" /> : null}
      {data ? (
        <>
          <ul className="tiles" aria-label="Now">
            <Tile label="Active sessions" value={data.activeSessions} />
            <Tile label="Users" value={data.users.total} />
            <Tile label="Verified" value={data.users.verified} />
            <Tile label="Banned" value={data.users.banned} />
            {data.users.twoFactor === null ? null : <Tile label="Two-factor on" value={data.users.twoFactor} />}
          </ul>
          <Chart title="Sign-ins by method" summary={`${data.totals.signIns} in this range`}>
            <BarChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              {data.methods.map((m, i) => (
                <Bar key={m} dataKey={m} name={methodName(m)} stackId="sign-ins" fill={PALETTE[i % PALETTE.length]} isAnimationActive={false} />
              ))}
            </BarChart>
          </Chart>
          <Chart title="Sign-ups" summary={`${data.totals.signUps} in this range`}>
            <BarChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="signUps" name="Sign-ups" fill="#1f9d55" isAnimationActive={false} />
            </BarChart>
          </Chart>
          <Chart
            title="Failed sign-ins and lockouts"
            summary={`${data.totals.failedSignIns} failed, ${data.totals.lockouts} ${data.totals.lockouts === 1 ? 'lockout' : 'lockouts'} in this range`}
          >
            <LineChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} padding={{ left: 16, right: 16 }} />
              <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Line dataKey="failedSignIns" name="Failed sign-ins" stroke="#d97706" strokeWidth={2} dot={false} isAnimationActive={false} />
              <Line dataKey="lockouts" name="Lockouts" stroke="#dc2626" strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          </Chart>
          <p className="muted">
            {data.unit === 'hour' ? 'By the hour' : 'By the day (UTC)'}, since {formatDate(data.from)}.
          </p>
        </>
      ) : null}
    </Page>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <li className="tile">
      <span className="tile-value">{value.toLocaleString()}</span>
      <span className="tile-label">{label}</span>
    </li>
  );
}

/** A chart in a titled card; the summary says in words what it draws. */
function Chart({ title, summary, children }: { title: string; summary: string; children: ReactElement }) {
  return (
    <figure className="card chart" aria-label={title}>
      <figcaption>
        <h2>{title}</h2>
        <span className="muted">{summary}</span>
      </figcaption>
      <div className="chart-area">
        <ResponsiveContainer width="100%" height={240}>
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
