import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { auth } from '../../auth';
import { Field, Select } from '../../components/Field';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Page } from '../../components/Page';
import { formatDate } from '../../lib/format';
import { refusalOf, unwrap } from '../../lib/query-client';
import { parseUserAgent } from '../../lib/user-agent';
import { type Filters, filtersOf, PAGE_SIZE, paramsOf, queryOf } from './audit-filters';

/** The event types offered by the filter (the server takes any, comma-separated). */
const TYPES: { value: string; label: string }[] = [
  { value: '', label: 'All events' },
  { value: 'sign-in.success', label: 'Sign-ins' },
  { value: 'sign-in.failure,sign-in.lockout', label: 'Failed sign-ins and lockouts' },
  { value: 'sign-in.failure', label: 'Failed sign-ins' },
  { value: 'sign-in.lockout', label: 'Lockouts' },
  { value: 'sign-up', label: 'Sign-ups' },
  { value: 'sign-out', label: 'Sign-outs' },
  { value: 'session.revoke', label: 'Sessions revoked' },
  { value: 'password.change,password.reset', label: 'Password changes and resets' },
  { value: 'email.change,email.verify', label: 'Email changes and verifications' },
  { value: 'user.ban,user.unban', label: 'Bans and unbans' },
  { value: 'user.role', label: 'Role changes' },
  { value: 'impersonation.start,impersonation.stop', label: 'Impersonation' },
  { value: 'two-factor.enable,two-factor.disable', label: 'Two-factor on and off' },
  { value: 'passkey.register,passkey.rename,passkey.delete', label: 'Passkeys' },
  { value: 'account.link,account.unlink', label: 'Linked accounts' },
  { value: 'user.delete', label: 'Accounts deleted' },
];

/** The audit trail: every security event, filtered, sorted and paged by the server; the view lives in the URL. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = queryOf(filters);
  const list = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => unwrap(auth.admin.listAuditEvents(query)),
    placeholderData: keepPreviousData,
  });
  const go = (next: Partial<Filters>) => setParams(paramsOf({ ...filters, page: 1, ...next }));
  const events = list.data?.events ?? [];
  const total = list.data?.total ?? 0;
  const first = (filters.page - 1) * PAGE_SIZE;

  return (
    <Page title="Audit trail">
      {/* Keyed on the URL: going back or forward shows that view's filters. */}
      <FilterForm key={params.toString()} filters={filters} onApply={go} />
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending ? <Loading what="Loading events…" /> : null}
      {list.data && events.length === 0 ? <Empty>No events match.</Empty> : null}
      {events.length > 0 ? (
        <div className="table-wrap">
          <table className="responsive audit-table">
            <thead>
              <tr>
                <th scope="col">
                  <button type="button" className="link sort" onClick={() => go({ sort: filters.sort === 'desc' ? 'asc' : 'desc' })}>
                    When <span aria-hidden="true">{filters.sort === 'desc' ? '↓' : '↑'}</span>
                    <span className="visually-hidden">{filters.sort === 'desc' ? ', newest first' : ', oldest first'}</span>
                  </button>
                </th>
                <th scope="col">Event</th>
                <th scope="col">Who</th>
                <th scope="col">IP address</th>
                <th scope="col">User agent</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td data-label="When" className="nowrap">
                    {formatDate(e.createdAt)}
                  </td>
                  <td data-label="Event">
                    <code>{e.type}</code>
                    {describeDetails(e.details)}
                  </td>
                  <td data-label="Who">
                    <Person person={e.user} id={e.userId} onPick={(user) => go({ user })} />
                    {e.actorId && e.actorId !== e.userId ? (
                      <span className="muted">
                        {' '}
                        by <Person person={e.actor} id={e.actorId} onPick={(user) => go({ user })} />
                      </span>
                    ) : null}
                  </td>
                  <td data-label="IP address" className="nowrap">
                    {e.ipAddress ?? '—'}
                  </td>
                  <td data-label="User agent" title={e.userAgent ?? undefined}>
                    {e.userAgent ? describeUserAgent(e.userAgent) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="row between" aria-live="polite">
        <span className="muted">{total === 0 ? 'No events' : `Showing ${first + 1}–${first + events.length} of ${total}`}</span>
        <div className="actions">
          <button type="button" onClick={() => go({ page: filters.page - 1 })} disabled={filters.page <= 1 || list.isFetching}>
            Previous page
          </button>
          <button type="button" onClick={() => go({ page: filters.page + 1 })} disabled={first + PAGE_SIZE >= total || list.isFetching}>
            Next page
          </button>
        </div>
      </div>
    </Page>
  );
}

function Person({ person, id, onPick }: { person: { id: string; email: string } | null; id: string | null; onPick: (user: string) => void }) {
  if (!id) return <span className="muted">—</span>;
  const label = person?.email ?? `${id} (removed)`;
  return (
    <button type="button" className="link" onClick={() => onPick(person?.email ?? id)}>
      {label}
    </button>
  );
}

/** "Chrome 131 on Linux", or the header itself when it names neither. */
function describeUserAgent(userAgent: string): string {
  const { browser, os } = parseUserAgent(userAgent);
  return browser === 'Unknown browser' && os === 'Unknown system' ? userAgent : `${browser} on ${os}`;
}

/** The details worth a glance: how (method) and why (reason). */
function describeDetails(details: Record<string, unknown> | null) {
  if (!details) return null;
  const parts = ['method', 'reason', 'role'].map((k) => details[k]).filter((v): v is string => typeof v === 'string');
  return parts.length ? <span className="muted"> · {parts.join(', ')}</span> : null;
}

function FilterForm({ filters, onApply }: { filters: Filters; onApply: (f: Partial<Filters>) => void }) {
  const [user, setUser] = useState(filters.user);
  const [type, setType] = useState(filters.type);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const known = TYPES.some((t) => t.value === type);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ user: user.trim(), type, from, to });
  };
  return (
    <form className="filters audit-filters" onSubmit={submit} aria-label="Filter events">
      <Field label="User" placeholder="Email or user id" value={user} onChange={(e) => setUser(e.target.value)} />
      <Select label="Event type" value={type} options={known ? TYPES : [...TYPES, { value: type, label: type }]} onChange={setType} />
      <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <div className="actions filter-actions">
        <button type="submit" className="primary">
          Apply filters
        </button>
        <Link to="/admin/audit">Clear</Link>
      </div>
    </form>
  );
}
