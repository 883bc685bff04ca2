import type { ListUsersQuery, User } from '../../auth';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { Field, Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { EmptyState, SkeletonRows } from '../../components/Placeholders';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { RelativeTime } from './RelativeTime';
import { RoleTag } from './RoleTag';
import { useDebounced } from '../../lib/use-debounced';

const PAGE_SIZE = 20;

/** The server-side filters offered (filterField / filterValue / filterOperator of list-users). */
const FILTERS = {
  all: undefined,
  admins: { filterField: 'role', filterValue: 'admin', filterOperator: 'eq' },
  banned: { filterField: 'banned', filterValue: 'true', filterOperator: 'eq' },
  unverified: { filterField: 'emailVerified', filterValue: 'false', filterOperator: 'eq' },
} as const satisfies Record<string, Pick<ListUsersQuery, 'filterField' | 'filterValue' | 'filterOperator'> | undefined>;
type FilterName = keyof typeof FILTERS;
const isFilter = (v: string): v is FilterName => v in FILTERS;

/** The users, searched, filtered, sorted and paged by the server; loaded again after every admin action on a user. */
export function UserTable({ onManage }: { onManage: (user: User) => void }) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState<'email' | 'name'>('email');
  const [sortBy, setSortBy] = useState('createdAt');
  const [sortDirection, setSortDirection] = useState<'asc' | 'desc'>('desc');
  const [offset, setOffset] = useState(0);
  const [filter, setFilter] = useState<FilterName>('all');
  const searchValue = useDebounced(search.trim(), 300);

  // A new search or sort starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetting is the point
  useEffect(() => setOffset(0), [searchValue, searchField, sortBy, sortDirection, filter]);

  const query: ListUsersQuery = {
    limit: PAGE_SIZE,
    offset,
    sortBy,
    sortDirection,
    ...(searchValue ? { searchValue, searchField, searchOperator: 'contains' as const } : {}),
    ...FILTERS[filter],
  };
  // The page shown stays while the next one loads.
  const list = useQuery({ ...queries.users(query), placeholderData: keepPreviousData });
  const loading = list.isPending || list.isPlaceholderData;
  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;

  // A page emptied by an action (its last user removed, banned under the Banned filter…) gives
  // way to the last page that still has users.
  const lastOffset = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) * PAGE_SIZE;
  const emptied = Boolean(list.data) && users.length === 0 && offset > lastOffset;
  useEffect(() => {
    if (emptied) setOffset(lastOffset);
  }, [emptied, lastOffset]);

  const narrowed = Boolean(search.trim()) || filter !== 'all';
  // A header sorts by its field; a second click on it turns the order round.
  const sort = (field: string) => {
    if (field === sortBy) setSortDirection(sortDirection === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(field);
      setSortDirection(field === 'createdAt' ? 'desc' : 'asc');
    }
  };
  return (
    <div className="card admin-table-card">
      <div className="filters user-filters">
        <Field label={t('users.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select
          label={t('users.matchOn')}
          value={searchField}
          options={[
            { value: 'email', label: t('users.field.email') },
            { value: 'name', label: t('users.field.name') },
          ]}
          onChange={(v) => setSearchField(v === 'name' ? 'name' : 'email')}
        />
        <Select
          label={t('users.show')}
          value={filter}
          options={(Object.keys(FILTERS) as FilterName[]).map((value) => ({ value, label: t(`users.filter.${value}`) }))}
          onChange={(v) => setFilter(isFilter(v) ? v : 'all')}
        />
        <Select
          label={t('users.sortBy')}
          value={sortBy}
          options={[
            { value: 'createdAt', label: t('users.field.createdAt') },
            { value: 'name', label: t('users.field.name') },
            { value: 'email', label: t('users.field.email') },
          ]}
          onChange={setSortBy}
        />
        <Select
          label={t('users.direction')}
          value={sortDirection}
          options={[
            { value: 'desc', label: t('users.descending') },
            { value: 'asc', label: t('users.ascending') },
          ]}
          onChange={(v) => setSortDirection(v === 'asc' ? 'asc' : 'desc')}
        />
      </div>
      <ErrorMessage error={refusalOf(list.error)} />
      {list.isPending && !list.data ? <SkeletonRows label={t('users.loading')} rows={5} avatar /> : null}
      {list.data && users.length === 0 ? (
        <EmptyState
          icon={<SearchX size={28} />}
          title={t('users.none')}
          action={
            narrowed ? (
              <button
                type="button"
                onClick={() => {
                  setSearch('');
                  setFilter('all');
                }}
              >
                {t('users.showAll')}
              </button>
            ) : null
          }
        >
          {narrowed ? t('users.noneHint') : null}
        </EmptyState>
      ) : null}
      {users.length > 0 ? (
        <div className="table-wrap">
          <table className="responsive user-table">
            <thead>
              <tr>
                <SortHeader field="name" label={t('users.column.user')} sortBy={sortBy} direction={sortDirection} onSort={sort} />
                <th scope="col">{t('users.column.role')}</th>
                <th scope="col">{t('users.column.status')}</th>
                <SortHeader field="createdAt" label={t('users.column.created')} sortBy={sortBy} direction={sortDirection} onSort={sort} />
                <th scope="col">
                  <span className="visually-hidden">{t('users.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <div className="user-cell">
                      <Avatar name={user.name} email={user.email} image={user.image} size={36} />
                      <span className="user-cell-text">
                        <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="strong truncate" title={user.name}>
                          {user.name}
                        </Link>
                        <span className="muted truncate" title={user.email}>
                          {user.email}
                        </span>
                      </span>
                    </div>
                  </td>
                  <td data-label={t('users.column.role')} className="nowrap">
                    <RoleTag role={user.role} />
                  </td>
                  <td data-label={t('users.column.status')} className="nowrap">
                    <UserStatus user={user} />
                  </td>
                  <td data-label={t('users.column.created')} className="nowrap">
                    <RelativeTime value={user.createdAt} />
                  </td>
                  <td className="row-actions">
                    <button type="button" onClick={() => onManage(user)}>
                      {t('users.manage')}
                      <span className="visually-hidden"> {user.email}</span>
                    </button>
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
            ? t('users.noUsers')
            : t('users.showing', { from: formatNumber(offset + 1), to: formatNumber(offset + users.length), total: formatNumber(total) })}
        </span>
        <div className="actions">
          <button type="button" onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))} disabled={offset === 0 || loading}>
            {t('pager.previous')}
          </button>
          <button type="button" onClick={() => setOffset(offset + PAGE_SIZE)} disabled={offset + PAGE_SIZE >= total || loading}>
            {t('pager.next')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A column header that sorts the list on the server (list-users' sortBy / sortDirection); aria-sort says how. */
function SortHeader(props: { field: string; label: string; sortBy: string; direction: 'asc' | 'desc'; onSort: (field: string) => void }) {
  const active = props.sortBy === props.field;
  return (
    <th scope="col" aria-sort={active ? (props.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="link sort" onClick={() => props.onSort(props.field)}>
        {props.label}
        <span aria-hidden="true">{active ? (props.direction === 'asc' ? ' ↑' : ' ↓') : ' ↕'}</span>
      </button>
    </th>
  );
}

/**
 * Banned first (it matters most), then whether the email is verified. An inline pill (its padding drawn by a
 * shadow) so that it stays on the text's one line box.
 */
export function UserStatus({ user }: { user: Pick<User, 'banned' | 'emailVerified'> }) {
  const { t } = useTranslation('admin');
  if (user.banned) return <span className="status-pill error">{t('status.banned')}</span>;
  return user.emailVerified ? (
    <span className="status-pill ok">{t('status.verified')}</span>
  ) : (
    <span className="status-pill warn">{t('status.unverified')}</span>
  );
}
