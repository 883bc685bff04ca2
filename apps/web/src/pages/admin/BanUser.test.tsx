// @vitest-environment happy-dom
import '../../i18n';
import type { User } from '../../auth';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { BanUser } from './BanUser';

const banUser = vi.fn(async (_input: unknown) => ({ data: { user: {} }, error: null }));
vi.mock('../../auth', () => ({
  auth: {
    admin: { banUser: (input: unknown) => banUser(input), unbanUser: vi.fn() },
    $store: { organization: { bump: () => {} }, session: { refetch: async () => {} } },
  },
}));

const mallory = { id: 'u2', name: 'Mallory', email: 'mallory@example.com', banned: false } as unknown as User;

afterEach(() => {
  cleanup();
  banUser.mockClear();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('a ban asks first, in a dialog', () => {
  it('cancelling bans nobody; confirming bans with the reason and duration the dialog repeated', async () => {
    await i18n.changeLanguage('en');
    render(<BanUser user={mallory} />);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.change(screen.getByLabelText('Expires in (days)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));

    let dialog = await screen.findByRole('dialog', { name: 'Ban mallory@example.com?' });
    expect(within(dialog).getByText('Spam')).toBeTruthy();
    expect(within(dialog).getByText('2 days')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(banUser).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    dialog = await screen.findByRole('dialog', { name: 'Ban mallory@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'u2', banReason: 'Spam', banExpiresIn: 2 * 86_400 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks in the app’s language (Spanish), one day in the singular', async () => {
    await i18n.changeLanguage('es');
    render(<BanUser user={mallory} />);
    fireEvent.change(screen.getByLabelText('Duración (días)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspender' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Suspender a mallory@example.com?' });
    expect(within(dialog).getByText('1 día')).toBeTruthy();
    expect(within(dialog).getByText('Sin motivo indicado')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspender usuario' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'u2', banExpiresIn: 86_400 }));
  });
});
