import type { ListUsersQuery, User } from '../../auth';
import { useEffect, useState } from 'react';
import { auth } from '../../auth';
import { Field, Select } from '../../components/Field';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { formatDate } from '../../lib/format';
import { useServerQuery } from '../../lib/server-state';
import { useDebounced } from './useDebounced';

const PAGE_SIZE = 20;

/** The server-side filters offered (filterField / filterValue / filterOperator of list-users). */
const FILTERS: Record<string, { label: string; query?: Pick<ListUsersQuery, 'filterField' | 'filterValue' | 'filterOperator'> }> = {
  all: { label: 'All users' },
  admins: { label: 'Admins', query: { filterField: 'role', filterValue: 'admin', filterOperator: 'eq' } },
  banned: { label: 'Banned', query: { filterField: 'banned', filterValue: 'true', filterOperator: 'eq' } },
  unverified: { label: 'Email not verified', query: { filterField: 'emailVerified', filterValue: 'false', filterOperator: 'eq' } },
};

/** The users, searched, filtered, sorted and paged by the server; loaded again after every admin action. */
export function UserTable({ onManage }: { onManage: (user: User) => void }) {
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState<'email' | 'name'>('email');
  const [sortBy, setSortBy] = useState('createdAt');
  const [sortDirection, setSortDirection] = useState<'asc' | 'desc'>('desc');
  const [offset, setOffset] = useState(0);
  const [filter, setFilter] = useState('all');
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
    ...FILTERS[filter]?.query,
  };
  const list = useServerQuery(JSON.stringify(query), () => auth.admin.listUsers(query));
  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;

  // A page emptied by an action (its last user removed, banned under the Banned filter…) gives
  // way to the last page that still has users.
  const lastOffset = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1) * PAGE_SIZE;
  const emptied = Boolean(list.data) && users.length === 0 && offset > lastOffset;
  useEffect(() => {
    if (emptied) setOffset(lastOffset);
  }, [emptied, lastOffset]);

  return (
    <div className="stack">
      <div className="filters">
        <Field label="Search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Select
          label="Match on"
          value={searchField}
          options={[
            { value: 'email', label: 'Email' },
            { value: 'name', label: 'Name' },
          ]}
          onChange={(v) => setSearchField(v === 'name' ? 'name' : 'email')}
        />
        <Select
          label="Show"
          value={filter}
          options={Object.entries(FILTERS).map(([value, f]) => ({ value, label: f.label }))}
          onChange={setFilter}
        />
        <Select
          label="Sort by"
          value={sortBy}
          options={[
            { value: 'createdAt', label: 'Created' },
            { value: 'name', label: 'Name' },
            { value: 'email', label: 'Email' },
          ]}
          onChange={setSortBy}
        />
        <Select
          label="Direction"
          value={sortDirection}
          options={[
            { value: 'desc', label: 'Descending' },
            { value: 'asc', label: 'Ascending' },
          ]}
          onChange={(v) => setSortDirection(v === 'asc' ? 'asc' : 'desc')}
        />
      </div>
      <ErrorMessage error={list.error} />
      {list.isPending && !list.data ? <Loading what="Loading users…" /> : null}
      {list.data && users.length === 0 ? <Empty>No users match.</Empty> : null}
      {users.length > 0 ? (
        <div className="table-wrap">
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td data-label="Name">{user.name}</td>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role" className="nowrap">{user.role ?? 'user'}</td>
                  <td data-label="Status" className="nowrap">
                    {user.banned ? 'Banned' : user.emailVerified ? 'Verified' : 'Not verified'}
                  </td>
                  <td data-label="Created">{formatDate(user.createdAt)}</td>
                  <td>
                    <button type="button" onClick={() => onManage(user)}>
                      Manage<span className="visually-hidden"> {user.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="row between" aria-live="polite">
        <span className="muted">
          {total === 0 ? 'No users' : `Showing ${offset + 1}–${offset + users.length} of ${total}`}
        </span>
        <div className="actions">
          <button type="button" onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))} disabled={offset === 0 || list.isPending}>
            Previous page
          </button>
          <button
            type="button"
            onClick={() => setOffset(offset + PAGE_SIZE)}
            disabled={offset + PAGE_SIZE >= total || list.isPending}
          >
            Next page
          </button>
        </div>
      </div>
    </div>
  );
}
