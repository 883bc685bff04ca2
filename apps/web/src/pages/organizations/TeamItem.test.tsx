// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render as renderUi, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FullOrganization } from '../../auth';
import { ToastProvider } from '../../components/Toasts';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { TeamItem } from './TeamItem';

const addTeamMember = vi.hoisted(() => vi.fn());
const listTeamMembers = vi.hoisted(() => vi.fn());
const removeTeamMember = vi.hoisted(() => vi.fn());
const serverChanged = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({ auth: { organization: { addTeamMember, listTeamMembers, removeTeamMember } } }));
// The old way (everything reloads): a page moved to TanStack Query must not call it.
vi.mock('../../lib/reload-all', () => ({ serverChanged }));

const render = (ui: ReactElement) =>
  renderUi(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );

const person = (id: string, name: string) => ({ id: `m-${id}`, userId: id, role: 'member', user: { id, name, email: `${id}@example.com` } });
const organization = {
  id: 'org-1',
  name: 'Acme',
  members: [person('ada', 'Ada'), person('bob', 'Bob'), person('cyd', 'Cyd')],
} as unknown as FullOrganization;
const team = { id: 'team-1', name: 'Platform' };
const can = { update: false, remove: false, addMember: true, removeMember: false };

beforeEach(async () => {
  addTeamMember.mockReset();
  listTeamMembers.mockReset();
  removeTeamMember.mockReset();
  serverChanged.mockReset();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('the Add a member picker', () => {
  it('offers only the organization’s members who are not in the team, and adds the one chosen', async () => {
    addTeamMember.mockResolvedValue({ data: { id: 'tm-1', teamId: 'team-1', userId: 'cyd' }, error: null });
    render(<TeamItem team={team} organization={organization} isMine={false} isActive={false} inTeam={['ada']} can={can} />);
    const picker = screen.getByLabelText('Member') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Bob (bob@example.com)', 'Cyd (cyd@example.com)']);
    fireEvent.change(picker, { target: { value: 'cyd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to team Platform' }));
    await waitFor(() => expect(addTeamMember).toHaveBeenCalledWith({ teamId: 'team-1', userId: 'cyd', organizationId: 'org-1' }));
  });

  it('says so when everyone is in the team already, with no picker', () => {
    render(<TeamItem team={team} organization={organization} isMine={false} isActive={false} inTeam={['ada', 'bob', 'cyd']} can={can} />);
    expect(screen.queryByLabelText('Member')).toBeNull();
    expect(screen.getByText('Everyone in the organization is in this team.')).toBeTruthy();
  });

  it('shows no picker while who is in the team is not known yet', () => {
    render(<TeamItem team={team} organization={organization} isMine={false} isActive={false} inTeam={undefined} can={can} />);
    expect(screen.queryByLabelText('Member')).toBeNull();
  });

  it('says it in German too', async () => {
    await act(() => i18n.changeLanguage('de'));
    render(<TeamItem team={team} organization={organization} isMine={false} isActive={false} inTeam={['ada', 'bob', 'cyd']} can={can} />);
    expect(screen.getByText('Alle Mitglieder der Organisation sind in diesem Team.')).toBeTruthy();
  });
});

describe('a team read and changed through TanStack Query', () => {
  it("lists its members from the team-members query, and reloads only the organization's teams after a removal", async () => {
    listTeamMembers.mockResolvedValue({ data: [{ id: 'tm-1', teamId: 'team-1', userId: 'bob' }], error: null });
    removeTeamMember.mockResolvedValue({ data: { message: 'ok' }, error: null });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(<TeamItem team={team} organization={organization} isMine isActive={false} inTeam={['bob']} can={{ ...can, removeMember: true }} />);
    const bob = await screen.findByText('Bob');
    expect(listTeamMembers).toHaveBeenCalledWith({ teamId: 'team-1' });
    expect(queryClient.getQueryData(['organizations', 'one', 'org-1', 'teams', 'team-1', 'members'])).toEqual([
      { id: 'tm-1', teamId: 'team-1', userId: 'bob' },
    ]);
    fireEvent.click(within(bob.closest('li') as HTMLElement).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(removeTeamMember).toHaveBeenCalledWith({ teamId: 'team-1', userId: 'bob', organizationId: 'org-1' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', 'one', 'org-1', 'teams'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', 'one', 'org-1', 'user-teams'] });
    expect(serverChanged).not.toHaveBeenCalled();
  });

  it('names what adding a member changes instead of reloading everything', async () => {
    addTeamMember.mockResolvedValue({ data: { id: 'tm-2', teamId: 'team-1', userId: 'bob' }, error: null });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(<TeamItem team={team} organization={organization} isMine={false} isActive={false} inTeam={['ada']} can={can} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to team Platform' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', 'one', 'org-1', 'teams'] }));
    expect(serverChanged).not.toHaveBeenCalled();
  });
});
