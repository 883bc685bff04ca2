import { describe, expect, it } from 'vitest';
import { filtersOf, paramsOf, queryOf } from './audit-filters';

describe('the audit trail view in the URL', () => {
  it('reads filters, sort and page, leaving out what is malformed', () => {
    const f = filtersOf(new URLSearchParams('user=%20alice@example.com%20&type=sign-up&from=2026-01-01&to=2026-01-31&sort=asc&page=3'));
    expect(f).toEqual({ user: 'alice@example.com', type: 'sign-up', from: '2026-01-01', to: '2026-01-31', sort: 'asc', page: 3 });
    expect(filtersOf(new URLSearchParams('from=yesterday&to=2026-1-1&sort=up&page=-2'))).toEqual({
      user: '',
      type: '',
      from: '',
      to: '',
      sort: 'desc',
      page: 1,
    });
    expect(filtersOf(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(paramsOf({ user: '', type: '', from: '', to: '', sort: 'desc', page: 1 }).toString()).toBe('');
    const view = { user: 'u1', type: 'sign-in.failure,sign-in.lockout', from: '2026-01-01', to: '', sort: 'asc' as const, page: 2 };
    expect(filtersOf(paramsOf(view))).toEqual(view);
  });

  it('asks the server by email or by id, includes the whole "to" day, and pages', () => {
    const byEmail = queryOf({ user: 'a@example.com', type: '', from: '2026-01-01', to: '2026-01-31', sort: 'desc', page: 3 });
    expect(byEmail).toEqual({ limit: 25, offset: 50, sortDirection: 'desc', email: 'a@example.com', from: '2026-01-01', to: '2026-02-01T00:00:00.000Z' });
    expect(queryOf({ user: 'u1', type: 'sign-up', from: '', to: '', sort: 'asc', page: 1 })).toEqual({
      limit: 25,
      offset: 0,
      sortDirection: 'asc',
      userId: 'u1',
      type: 'sign-up',
    });
  });
});
