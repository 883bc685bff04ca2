// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FullOrganization } from '../../auth';
import { i18n } from '../../i18n';
import { TeamItem } from './TeamItem';

const addTeamMember = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({ auth: { organization: { addTeamMember, listTeamMembers: vi.fn() } } }));
vi.mock('../../lib/server-state', () => ({ serverChanged: vi.fn(), useServerQuery: () => ({ data: null, error: null, isPending: false }) }));

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
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

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
