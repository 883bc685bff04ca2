import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Ban, KeyRound, MailCheck, MonitorSmartphone, Users } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type en from '../../i18n/locales/en/admin.json';
import { ErrorMessage } from '../../components/Messages';
import { Page } from '../../components/Page';
import { SkeletonBlocks } from '../../components/Placeholders';
import { formatDate, formatNumber } from '../../lib/format';
import { providerName } from '../../lib/provider-names';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { bucketLabel } from './chart-format';

type Range = '24h' | '7d' | '30d';
const RANGES: Range[] = ['24h', '7d', '30d'];

type KnownMethod = keyof typeof en.dashboard.methods;
const KNOWN_METHODS = new Set<string>(['password', 'passkey', 'magic-link', 'email-otp', 'email-verification']);
const isKnownMethod = (m: string): m is KnownMethod => KNOWN_METHODS.has(m);

const count = (value: unknown) => formatNumber(Number(value));
const TICK = { fontSize: 12 };
/** The tooltip in the theme's colours (recharts draws it white otherwise, in dark mode too). */
const TOOLTIP = { background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--text)' };

/** Distinct in light and dark themes; a method beyond these reuses them in order. */
const PALETTE = ['#2251d1', '#1f9d55', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777'];

/**
 * Sign-ins by method, sign-ups, failures and lockouts over 24 hours, 7 or 30 days; users and sessions now.
 * Loaded on its own (router.tsx), so the chart library stays out of the other pages' bundle.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: Range = RANGES.find((r) => r === asked) ?? '7d';
  // Social providers keep their own names (GitHub, Google…).
  const methodName = (m: string) => (isKnownMethod(m) ? t(`dashboard.methods.${m}`) : providerName(m));
  const stats = useQuery({ ...queries.stats(range), placeholderData: keepPreviousData });
  const data = stats.data;
  // Axes and tooltips write days, hours and counts as the app's language does.
  const label = (start: unknown) => bucketLabel(String(start), data?.unit ?? 'day');
  const rows =
    data?.buckets.map((b) => ({
      start: b.start,
      ...Object.fromEntries(data.methods.map((m) => [m, b.signIns[m] ?? 0])),
      signUps: b.signUps,
      failedSignIns: b.failedSignIns,
      lockouts: b.lockouts,
    })) ?? [];

  return (
    <Page title={t('dashboard.title')}>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('dashboard.range')}</legend>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            onClick={() =>
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.set('range', r);
                return next;
              })
            }
          >
            {t(`dashboard.ranges.${r}`)}
          </button>
        ))}
      </fieldset>
      <ErrorMessage error={refusalOf(stats.error)} />
      {stats.isPending ? <SkeletonBlocks label={t('dashboard.loading')} count={3} height={180} /> : null}
      {data ? (
        <>
          <ul className="tiles" aria-label={t('dashboard.now')}>
            <Tile icon={<MonitorSmartphone size={18} />} label={t('dashboard.tiles.sessions')} value={data.activeSessions} />
            <Tile icon={<Users size={18} />} label={t('dashboard.tiles.users')} value={data.users.total} />
            <Tile icon={<MailCheck size={18} />} label={t('dashboard.tiles.verified')} value={data.users.verified} />
            <Tile icon={<Ban size={18} />} label={t('dashboard.tiles.banned')} value={data.users.banned} />
            {data.users.twoFactor === null ? null : <Tile icon={<KeyRound size={18} />} label={t('dashboard.tiles.twoFactor')} value={data.users.twoFactor} />}
          </ul>
          <Chart title={t('dashboard.signIns')} summary={t('dashboard.inRange', { value: formatNumber(data.totals.signIns) })}>
            <BarChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="start" tickFormatter={label} tick={TICK} />
              <YAxis allowDecimals={false} width={40} tickFormatter={count} tick={TICK} />
              <Tooltip labelFormatter={label} formatter={count} contentStyle={TOOLTIP} />
              <Legend />
              {data.methods.map((m, i) => (
                <Bar key={m} dataKey={m} name={methodName(m)} stackId="sign-ins" fill={PALETTE[i % PALETTE.length]} isAnimationActive={false} />
              ))}
            </BarChart>
          </Chart>
          <Chart title={t('dashboard.signUps')} summary={t('dashboard.inRange', { value: formatNumber(data.totals.signUps) })}>
            <BarChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="start" tickFormatter={label} tick={TICK} />
              <YAxis allowDecimals={false} width={40} tickFormatter={count} tick={TICK} />
              <Tooltip labelFormatter={label} formatter={count} contentStyle={TOOLTIP} />
              <Bar dataKey="signUps" name={t('dashboard.signUps')} fill="#1f9d55" isAnimationActive={false} />
            </BarChart>
          </Chart>
          <Chart
            title={t('dashboard.failures')}
            summary={t('dashboard.failuresSummary', {
              count: data.totals.lockouts,
              failed: formatNumber(data.totals.failedSignIns),
              lockouts: formatNumber(data.totals.lockouts),
            })}
          >
            <LineChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="start" tickFormatter={label} tick={TICK} padding={{ left: 16, right: 16 }} />
              <YAxis allowDecimals={false} width={40} tickFormatter={count} tick={TICK} />
              <Tooltip labelFormatter={label} formatter={count} contentStyle={TOOLTIP} />
              <Legend />
              <Line dataKey="failedSignIns" name={t('dashboard.failedSignIns')} stroke="#d97706" strokeWidth={2} dot={false} isAnimationActive={false} />
              <Line dataKey="lockouts" name={t('dashboard.lockouts')} stroke="#dc2626" strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          </Chart>
          <p className="muted">{t(data.unit === 'hour' ? 'dashboard.byHour' : 'dashboard.byDay', { date: formatDate(data.from) })}</p>
        </>
      ) : null}
    </Page>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <li className="tile">
      <span className="tile-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="tile-value">{formatNumber(value)}</span>
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
