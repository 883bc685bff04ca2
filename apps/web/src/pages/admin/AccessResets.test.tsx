// @vitest-environment happy-dom
import '../../i18n';
import type { User } from '../../auth';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { ToastProvider } from '../../components/Toasts';
import { AccessResets } from './AccessResets';

type Answer = { data: { success: true } | null; error: { status: number; code: string; message: string } | null };
const ok: Answer = { data: { success: true }, error: null };
const unlockUser = vi.fn(async (_input: unknown): Promise<Answer> => ok);
const resetTwoFactor = vi.fn(async (_input: unknown): Promise<Answer> => ok);
vi.mock('../../auth', () => ({
  auth: {
    admin: { unlockUser: (input: unknown) => unlockUser(input), resetTwoFactor: (input: unknown) => resetTwoFactor(input) },
    $store: { organization: { bump: () => {} }, session: { refetch: async () => {} } },
  },
}));

const dana = { id: 'u3', name: 'Dana', email: 'dana@example.com', twoFactorEnabled: true } as unknown as User;

function show(user: User = dana) {
  render(
    <ToastProvider>
      <AccessResets user={user} />
    </ToastProvider>,
  );
}

afterEach(() => {
  cleanup();
  unlockUser.mockClear();
  resetTwoFactor.mockClear();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe("a user's access resets", () => {
  it('unlocks only once confirmed, and says so once', async () => {
    await i18n.changeLanguage('en');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(unlockUser).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Unlock dana@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(unlockUser).toHaveBeenCalledWith({ userId: 'u3' }));
    expect(await screen.findAllByText('dana@example.com can sign in again.')).toHaveLength(1);
  });

  it('resets two-factor after the confirmation; cancelling does nothing', async () => {
    await i18n.changeLanguage('en');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor for dana@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resetTwoFactor).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const again = await screen.findByRole('dialog', { name: 'Reset two-factor for dana@example.com?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(resetTwoFactor).toHaveBeenCalledWith({ userId: 'u3' }));
    expect(await screen.findByText('Two-factor for dana@example.com was reset.')).toBeTruthy();
  });

  it('says a refusal in plain words (German), and offers no reset to a user without two-factor', async () => {
    await i18n.changeLanguage('de');
    unlockUser.mockResolvedValueOnce({ data: null, error: { status: 404, code: 'USER_NOT_FOUND', message: 'Der Benutzer wurde nicht gefunden' } });
    show({ ...dana, twoFactorEnabled: false } as unknown as User);
    expect(screen.queryByRole('button', { name: 'Zwei-Faktor zurücksetzen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entriegeln' }));
    const dialog = await screen.findByRole('dialog', { name: 'dana@example.com entriegeln?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entriegeln' }));
    await waitFor(() => expect(unlockUser).toHaveBeenCalled());
    expect((await screen.findByRole('alert')).textContent).toContain('Der Benutzer wurde nicht gefunden');
    expect(screen.queryByText('dana@example.com kann sich wieder anmelden.')).toBeNull();
  });
});
