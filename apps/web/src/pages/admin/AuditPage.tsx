import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Field, Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { Page } from '../../components/Page';
import { EmptyState, SkeletonRows } from '../../components/Placeholders';
import { formatNumber } from '../../lib/format';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { parseUserAgent } from '../../lib/user-agent';
import type en from '../../i18n/locales/en/admin.json';
import { RelativeTime } from './RelativeTime';
import { type Filters, filtersOf, PAGE_SIZE, paramsOf, queryOf } from './audit-filters';

/** The event types offered by the filter (the server takes any, comma-separated), named under `audit.types`. */
const TYPES = [
  ['all', ''],
  ['signIns', 'sign-in.success'],
  ['failuresAndLockouts', 'sign-in.failure,sign-in.lockout'],
  ['failures', 'sign-in.failure'],
  ['lockouts', 'sign-in.lockout'],
  ['signUps', 'sign-up'],
  ['signOuts', 'sign-out'],
  ['sessionsRevoked', 'session.revoke'],
  ['passwords', 'password.change,password.reset'],
  ['emails', 'email.change,email.verify'],
  ['bans', 'user.ban,user.unban'],
  ['roles', 'user.role'],
  ['impersonation', 'impersonation.start,impersonation.stop'],
  ['twoFactor', 'two-factor.enable,two-factor.disable'],
  ['passkeys', 'passkey.register,passkey.rename,passkey.delete'],
  ['accounts', 'account.link,account.unlink'],
  ['deleted', 'user.delete'],
] as const satisfies ReadonlyArray<readonly [keyof typeof en.audit.types, string]>;

/** The audit trail: every security event, filtered, sorted and paged by the server; the view lives in the URL. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = queryOf(filters);
  const list = useQuery({ ...queries.audit(query), placeholderData: keepPreviousData });
  const go = (next: Partial<Filters>) => setParams(paramsOf({ ...filters, page: 1, ...next }));
  const events = list.data?.events ?? [];
  const total = list.data?.total ?? 0;
  const first = (filters.page - 1) * PAGE_SIZE;

  return (
    <Page title={t('audit.title')}>
      <p className="muted">{t('audit.intro')}</p>
      {/* Keyed on the URL: going back or forward shows that view's filters. */}
      <FilterForm key={params.toString()} filters={filters} onApply={go} />
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending ? <SkeletonRows label={t('audit.loading')} rows={6} /> : null}
      {list.data && events.length === 0 ? (
        <EmptyState icon={<ScrollText size={28} />} title={t('audit.none')} action={<Link to="/admin/audit">{t('audit.clear')}</Link>}>
          {t('audit.noneHint')}
        </EmptyState>
      ) : null}
      {events.length > 0 ? (
        <div className="table-wrap card admin-table-card">
          <table className="responsive audit-table">
            <thead>
              <tr>
                <th scope="col">
                  <button type="button" className="link sort" onClick={() => go({ sort: filters.sort === 'desc' ? 'asc' : 'desc' })}>
                    {t('audit.column.when')} <span aria-hidden="true">{filters.sort === 'desc' ? '↓' : '↑'}</span>
                    <span className="visually-hidden">{filters.sort === 'desc' ? t('audit.newestFirst') : t('audit.oldestFirst')}</span>
                  </button>
                </th>
                <th scope="col">{t('audit.column.event')}</th>
                <th scope="col">{t('audit.column.who')}</th>
                <th scope="col">{t('audit.column.ip')}</th>
                <th scope="col">{t('audit.column.agent')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td data-label={t('audit.column.when')} className="nowrap">
                    <RelativeTime value={e.createdAt} />
                  </td>
                  <td data-label={t('audit.column.event')}>
                    <EventName type={e.type} />
                    {describeDetails(e.details)}
                  </td>
                  <td data-label={t('audit.column.who')} className="who">
                    <Person person={e.user} id={e.userId} onPick={(user) => go({ user })} />
                    {e.actorId && e.actorId !== e.userId ? (
                      <span className="muted">
                        {' '}
                        {t('audit.by')} <Person person={e.actor} id={e.actorId} onPick={(user) => go({ user })} />
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('audit.column.ip')} className="nowrap">
                    {e.ipAddress ?? '—'}
                  </td>
                  <td data-label={t('audit.column.agent')} className="agent" title={e.userAgent ?? undefined}>
                    {e.userAgent ? <UserAgent userAgent={e.userAgent} /> : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="row between pager" aria-live="polite">
        <span className="muted">
          {total === 0
            ? t('audit.noEvents')
            : t('audit.showing', { from: formatNumber(first + 1), to: formatNumber(first + events.length), total: formatNumber(total) })}
        </span>
        <div className="actions">
          <button type="button" onClick={() => go({ page: filters.page - 1 })} disabled={filters.page <= 1 || list.isFetching}>
            {t('pager.previous')}
          </button>
          <button type="button" onClick={() => go({ page: filters.page + 1 })} disabled={first + PAGE_SIZE >= total || list.isFetching}>
            {t('pager.next')}
          </button>
        </div>
      </div>
    </Page>
  );
}

function Person({ person, id, onPick }: { person: { id: string; email: string } | null; id: string | null; onPick: (user: string) => void }) {
  const { t } = useTranslation('admin');
  if (!id) return <span className="muted">—</span>;
  const label = person?.email ?? t('audit.removedUser', { id });
  return (
    <button type="button" className="link truncate" title={label} onClick={() => onPick(person?.email ?? id)}>
      {label}
    </button>
  );
}

/** "Chrome 131 on Linux", or the header itself when it names neither. */
function UserAgent({ userAgent }: { userAgent: string }) {
  const { t } = useTranslation('admin');
  const { browser, os } = parseUserAgent(userAgent);
  if (browser === 'Unknown browser' && os === 'Unknown system') return <>{userAgent}</>;
  // parseUserAgent names what it does not know in English; these pages say it in the app's language.
  const named = {
    browser: browser === 'Unknown browser' ? t('audit.unknownBrowser') : browser,
    os: os === 'Unknown system' ? t('audit.unknownSystem') : os,
  };
  return <>{t('audit.browserOn', named)}</>;
}

/** The details worth a glance: how (method) and why (reason). */
function describeDetails(details: Record<string, unknown> | null) {
  if (!details) return null;
  const parts = ['method', 'reason', 'role'].map((k) => details[k]).filter((v): v is string => typeof v === 'string');
  return parts.length ? <span className="muted"> · {parts.join(', ')}</span> : null;
}

function FilterForm({ filters, onApply }: { filters: Filters; onApply: (f: Partial<Filters>) => void }) {
  const { t } = useTranslation('admin');
  const options = TYPES.map(([key, value]) => ({ value, label: t(`audit.types.${key}`) }));
  const [user, setUser] = useState(filters.user);
  const [type, setType] = useState(filters.type);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const known = options.some((o) => o.value === type);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ user: user.trim(), type, from, to });
  };
  return (
    <form className="filters audit-filters card" onSubmit={submit} aria-label={t('audit.filter')}>
      <Field label={t('audit.user')} placeholder={t('audit.userPlaceholder')} value={user} onChange={(e) => setUser(e.target.value)} />
      <Select label={t('audit.type')} value={type} options={known ? options : [...options, { value: type, label: type }]} onChange={setType} />
      <Field label={t('audit.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field label={t('audit.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <div className="actions filter-actions">
        <button type="submit" className="primary">
          {t('audit.apply')}
        </button>
        <Link to="/admin/audit">{t('audit.clear')}</Link>
      </div>
    </form>
  );
}

/** An event's name in the app's language, with its type as the server records it (what filters and exports use). */
export function EventName({ type }: { type: string }) {
  const { t, i18n } = useTranslation('admin');
  const key = `audit.event.${type.replaceAll('.', '_')}`;
  // Events of plugins without a name here are shown by their type alone.
  const named = i18n.exists(key, { ns: 'admin' });
  return (
    <>
      {named ? <span className="event-name">{t(key as 'audit.event.sign-up')}</span> : null} <code className={named ? 'muted' : undefined}>{type}</code>
    </>
  );
}
