// @vitest-environment happy-dom
import '../../i18n';
import type { User } from '../../auth';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { ToastProvider } from '../../components/Toasts';
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

describe('a ban', () => {
  it('acts at once with the reason and duration given, and says so', async () => {
    await i18n.changeLanguage('en');
    render(
      <ToastProvider>
        <BanUser user={mallory} />
      </ToastProvider>,
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.change(screen.getByLabelText('Expires in (days)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'u2', banReason: 'Spam', banExpiresIn: 2 * 86_400 }));
    expect(await screen.findByText('mallory@example.com was banned and signed out everywhere.')).toBeTruthy();
  });

  it('speaks the app’s language (Spanish); no reason and no end are left out of the request', async () => {
    await i18n.changeLanguage('es');
    render(<BanUser user={mallory} />);
    expect(screen.getByLabelText('Motivo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suspender' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'u2' }));
  });
});
