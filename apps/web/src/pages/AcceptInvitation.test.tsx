// @vitest-environment happy-dom
import '../i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';
import { AcceptInvitation } from './AcceptInvitation';

// The invitation's context line in the interstitial frame (issue 37): who invited you, to what, as what.
const session = vi.hoisted(() => ({ current: null as null | { user: { id: string; name: string; email: string }; session: { id: string } } }));
const getInvitation = vi.fn();
const invitationPreview = vi.fn();
vi.mock('../auth', () => ({
  auth: {
    organization: { getInvitation: (input: unknown) => getInvitation(input), invitationPreview: (input: unknown) => invitationPreview(input) },
    signOut: vi.fn(),
  },
  useSession: () => ({ data: session.current, isPending: false }),
}));

const invitation = {
  id: 'inv-1',
  organizationId: 'org-1',
  email: 'grace@example.com',
  role: 'admin',
  status: 'pending',
  inviterId: 'u-ada',
  expiresAt: '2026-12-01T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  organizationName: 'Acme Robotics',
  organizationSlug: 'acme',
  inviterEmail: 'ada@example.com',
  inviterName: 'Ada Lovelace',
};

function open() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/accept-invitation/inv-1']}>
        <Routes>
          <Route path="/accept-invitation/:id" element={<AcceptInvitation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const contextLine = () => document.querySelector('.interstitial-context')?.textContent;

afterEach(() => {
  cleanup();
  queryClient.clear();
  getInvitation.mockReset();
  invitationPreview.mockReset();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the invitation page says who invited you to what, as what', () => {
  it('signed in: the inviter by name, the organization and the role in words, above the title', async () => {
    await i18n.changeLanguage('en');
    session.current = { user: { id: 'u-grace', name: 'Grace', email: 'grace@example.com' }, session: { id: 's' } };
    getInvitation.mockResolvedValue({ data: invitation, error: null });
    open();
    await screen.findByRole('heading', { name: 'Join Acme Robotics', level: 1 });
    expect(contextLine()).toBe('Ada Lovelace invited you to Acme Robotics as Admin');
    expect(screen.getByText('Sent to grace@example.com.')).toBeTruthy();
    expect(getInvitation).toHaveBeenCalledWith({ id: 'inv-1' });
  });

  it('signed in: by email when the inviter has no name, and a custom role by its name', async () => {
    await i18n.changeLanguage('en');
    session.current = { user: { id: 'u-grace', name: 'Grace', email: 'grace@example.com' }, session: { id: 's' } };
    getInvitation.mockResolvedValue({ data: { ...invitation, inviterName: null, role: 'auditor' }, error: null });
    open();
    await screen.findByRole('heading', { name: 'Join Acme Robotics', level: 1 });
    expect(contextLine()).toBe('ada@example.com invited you to Acme Robotics as auditor');
  });

  it('signed out: the public preview, in the same frame, in German too', async () => {
    session.current = null;
    invitationPreview.mockResolvedValue({ data: { organizationName: 'Acme Robotics', inviterName: 'Ada Lovelace', role: 'admin' }, error: null });
    await i18n.changeLanguage('en');
    open();
    await screen.findByRole('heading', { name: 'Invitation to join Acme Robotics', level: 1 });
    expect(contextLine()).toBe('Ada Lovelace invited you to Acme Robotics as Admin');
    expect(invitationPreview).toHaveBeenCalledWith({ id: 'inv-1' });
    cleanup();
    await i18n.changeLanguage('de');
    open();
    await screen.findByRole('heading', { level: 1, name: /Acme Robotics/ });
    expect(contextLine()).toBe('Ada Lovelace hat Sie zu Acme Robotics als Administrator eingeladen');
  });

  it('signed out, an inviter without a name is not named (the preview gives no address)', async () => {
    await i18n.changeLanguage('en');
    session.current = null;
    invitationPreview.mockResolvedValue({ data: { organizationName: 'Acme Robotics', inviterName: '', role: 'member' }, error: null });
    open();
    await screen.findByRole('heading', { name: 'Invitation to join Acme Robotics', level: 1 });
    expect(contextLine()).toBe('You are invited to Acme Robotics as Member');
  });
});
