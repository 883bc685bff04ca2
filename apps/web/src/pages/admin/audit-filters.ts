/** The audit trail's view as the URL holds it, and the listing query it asks for. */

export const PAGE_SIZE = 25;

/** What the URL holds: `user` (email or id), `type`, `from` and `to` (UTC days, both included), `sort`, `page`. */
export interface Filters {
  user: string;
  type: string;
  from: string;
  to: string;
  sort: 'asc' | 'desc';
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersOf(params: URLSearchParams): Filters {
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const v = params.get(name) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    user: params.get('user')?.trim() ?? '',
    type: params.get('type') ?? '',
    from: day('from'),
    to: day('to'),
    sort: params.get('sort') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL of these filters: only what differs from the defaults. */
export function paramsOf(f: Filters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.user) p.set('user', f.user);
  if (f.type) p.set('type', f.type);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.sort === 'asc') p.set('sort', 'asc');
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The listing's query: `to` includes its whole day, so the server gets the next day's start. */
export function queryOf(f: Filters) {
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString();
  return {
    limit: PAGE_SIZE,
    offset: (f.page - 1) * PAGE_SIZE,
    sortDirection: f.sort,
    ...(f.user ? (f.user.includes('@') ? { email: f.user } : { userId: f.user }) : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: nextDay(f.to) } : {}),
  };
}
