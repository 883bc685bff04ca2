// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render as renderBare, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { InviteMember } from './InviteMember';

const inviteMember = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({ auth: { organization: { inviteMember } } }));
vi.mock('../../lib/reload-all', () => ({ serverChanged: vi.fn() }));
// The role picker reads the organization's roles through the app's query cache.
const render = (ui: ReactElement) => renderBare(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

beforeEach(async () => {
  inviteMember.mockReset();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

const invite = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
};

describe('inviting a member', () => {
  it('says an address already invited under Email, marked invalid and focused', async () => {
    inviteMember.mockResolvedValue({
      data: null,
      error: { code: 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION', message: 'User is already invited to this organization', status: 400 },
    });
    render(<InviteMember organizationId="org-1" />);
    invite('grace@example.com');
    const email = screen.getByLabelText('Email');
    // Marked, described and focused: the focus follows the render that marks it, so wait for all three.
    await waitFor(() => {
      expect(email.getAttribute('aria-invalid')).toBe('true');
      const described = (email.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
      expect(document.getElementById(described)?.textContent).toBe('User is already invited to this organization');
      expect(document.activeElement).toBe(email);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says other refusals and the success after the fields, beside the button', async () => {
    inviteMember.mockResolvedValueOnce({
      data: null,
      error: {
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        message: 'You are not allowed to invite users to this organization',
        status: 403,
      },
    });
    const { container } = render(<InviteMember organizationId="org-1" />);
    invite('grace@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You are not allowed to invite users to this organization');
    const order = (el: Element) => [...container.querySelectorAll('*')].indexOf(el);
    expect(order(alert)).toBeGreaterThan(order(screen.getByLabelText('Role')));

    inviteMember.mockResolvedValueOnce({ data: { email: 'grace@example.com' }, error: null });
    invite('grace@example.com');
    const done = await screen.findByRole('status');
    expect(order(done)).toBeGreaterThan(order(screen.getByLabelText('Role')));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
