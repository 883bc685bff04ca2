// @vitest-environment happy-dom
import '../../i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toasts';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { UserPage } from './UserPage';

// The admin user page's Organizations tab (issue 37): the user's memberships, from GET /admin/list-user-organizations.
const features = vi.hoisted(() => ({ organization: true }));
const grace = {
  id: 'u1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'user',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const listUserOrganizations = vi.fn(async (_input: { userId: string }) => ({
  data: {
    organizations: [
      { organizationId: 'o1', name: 'Acme Robotics', slug: 'acme', role: 'owner', joinedAt: '2026-02-01T09:00:00.000Z' },
      { organizationId: 'o2', name: 'Globex', slug: 'globex', role: 'auditor', joinedAt: '2026-03-01T09:00:00.000Z' },
    ],
  },
  error: null,
}));
vi.mock('../../auth', () => ({
  auth: { admin: { getUser: async () => ({ data: grace, error: null }), listUserOrganizations: (input: { userId: string }) => listUserOrganizations(input) } },
  useSession: () => ({ data: { user: { id: 'root', email: 'root@example.com', name: 'Root', role: 'admin' }, session: { id: 's' } }, isPending: false }),
}));
vi.mock('../../lib/providers', () => ({ useServerInfo: () => ({ features, branding: { name: 'Gatehouse', logoUrl: null }, isPending: false }) }));

function open(url: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/admin/users/:id" element={<UserPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  listUserOrganizations.mockClear();
  features.organization = true;
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the admin user page: Organizations tab', () => {
  it("lists the user's organizations with their role in words and when they joined", async () => {
    await i18n.changeLanguage('en');
    open('/admin/users/u1');
    const tab = await screen.findByRole('tab', { name: 'Organizations' });
    fireEvent.click(tab);
    const panel = await screen.findByRole('tabpanel', { name: 'Organizations' });
    const table = await within(panel).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [expect.stringContaining('Acme Roboticsacme'), 'Owner', expect.stringMatching(/ago$/)],
      [expect.stringContaining('Globexglobex'), 'auditor', expect.stringMatching(/ago$/)],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Organization', 'Role', 'Joined']);
    expect(listUserOrganizations).toHaveBeenCalledWith({ userId: 'u1' });
  });

  it('says so when the user is in no organization, in German too', async () => {
    await i18n.changeLanguage('de');
    listUserOrganizations.mockResolvedValueOnce({ data: { organizations: [] }, error: null });
    open('/admin/users/u1?tab=organizations');
    expect(await screen.findByText('Kein Mitglied einer Organisation.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Organisationen' }).getAttribute('aria-selected')).toBe('true');
  });

  it('has no Organizations tab when the server runs no organizations', async () => {
    await i18n.changeLanguage('en');
    features.organization = false;
    open('/admin/users/u1?tab=organizations');
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Organizations' })).toBeNull();
    expect(listUserOrganizations).not.toHaveBeenCalled();
  });
});
