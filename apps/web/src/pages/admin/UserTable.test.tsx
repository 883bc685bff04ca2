// @vitest-environment happy-dom
import '../../i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { UserTable } from './UserTable';

const CREATED = '2026-03-04T09:30:00.000Z';
const users = [
  { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com', role: 'admin', banned: false, emailVerified: true, createdAt: CREATED },
  { id: 'u2', name: 'Mallory', email: 'mallory@example.com', role: 'user', banned: true, emailVerified: true, createdAt: CREATED },
];
const listUsers = vi.fn(async () => ({ data: { users, total: users.length }, error: null }));

vi.mock('../../auth', () => ({ auth: { admin: { listUsers: () => listUsers() } } }));

beforeEach(() => listUsers.mockClear());
afterEach(() => {
  cleanup();
  queryClient.clear();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe("the admin users table speaks the app's language", () => {
  it('in English: the words the browser journeys look for', async () => {
    await i18n.changeLanguage('en');
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <UserTable onManage={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/\s*[↑↓↕]$/, ''));
    expect(headers).toEqual(['User', 'Role', 'Status', 'Created', 'Actions']);
    expect(within(table).getByRole('cell', { name: 'Banned' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage mallory@example.com' })).toBeTruthy();
    // The name leads to the user's page; the sortable headers say how the list is sorted.
    expect(screen.getByRole('link', { name: 'Mallory' }).getAttribute('href')).toBe('/admin/users/u2');
    expect(
      within(table)
        .getByRole('columnheader', { name: /Created/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect(within(table).getByRole('columnheader', { name: /User/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByLabelText('Search')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
  });

  it('in German: headings, roles, status, dates and the pager, with nothing left in English', async () => {
    await i18n.changeLanguage('de');
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <UserTable onManage={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/\s*[↑↓↕]$/, ''));
    expect(headers).toEqual(['Benutzer', 'Rolle', 'Status', 'Erstellt', 'Aktionen']);
    const [grace, mallory] = within(table).getAllByRole('row').slice(1);
    expect(within(grace!).getByText('Administrator')).toBeTruthy();
    expect(within(grace!).getByText('Bestätigt')).toBeTruthy();
    expect(within(mallory!).getByText('Gesperrt')).toBeTruthy();
    // A relative time in German ("vor 9 Monaten"), the exact date as German writes it ("04.03.2026, …") on hover.
    expect(formatDate(CREATED)).toMatch(/^04\.03\.2026, \d{2}:\d{2}$/);
    const created = within(mallory!).getByTitle(formatDate(CREATED));
    expect(created.textContent).toMatch(/^vor \d+ \p{L}+$|^(letztes|nächstes) \p{L}+$/u);
    expect(screen.getByRole('button', { name: 'Verwalten mallory@example.com' })).toBeTruthy();
    expect(screen.getByLabelText('Suche')).toBeTruthy();
    expect(screen.getByLabelText('Anzeigen')).toBeTruthy();
    expect(screen.getByText('1–2 von 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeTruthy();
    // The phone layout's labels come from data-label: translated too.
    expect(
      within(mallory!)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual([null, 'Rolle', 'Status', 'Erstellt', null]);
    expect(table.textContent).not.toMatch(/\b(Banned|Verified|Manage|Created|Role)\b/);
  });
});
