// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toasts';
import { i18n } from '../../i18n';
import { ChangePassword } from './ChangePassword';

const changePassword = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({
  auth: { changePassword },
  useSession: () => ({ data: { user: { name: 'Ada', email: 'ada@example.com', twoFactorEnabled: false } }, isPending: false }),
}));
vi.mock('../../lib/reload-all', () => ({ serverChanged: vi.fn() }));
vi.mock('../../lib/providers', () => ({
  useServerInfo: () => ({ features: { passwordPolicy: { minLength: 8, minLengthWithSecondFactor: 8 } }, isPending: false }),
}));

beforeEach(async () => {
  changePassword.mockReset();
  onClose.mockReset();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

const onClose = vi.fn();
const show = () =>
  render(
    <ToastProvider>
      <ChangePassword open onClose={onClose} />
    </ToastProvider>,
  );

const fill = () => {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'not-my-password' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'quiet-meadow-4821-x' } });
};

describe('changing the password', () => {
  it('says a wrong current password under "Current password", marks it invalid and focuses it; nothing at the form top', async () => {
    changePassword.mockResolvedValue({ data: null, error: { code: 'INVALID_PASSWORD', message: 'Invalid password', status: 400 } });
    show();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const described = (current.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Invalid password');
    expect(document.activeElement).toBe(current);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says success once, in a toast, and closes the dialog', async () => {
    changePassword.mockResolvedValue({ data: { token: null }, error: null });
    const { container } = show();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Password changed.'));
    expect(container.textContent?.match(/Password changed/g)).toHaveLength(1);
    expect(onClose).toHaveBeenCalled();
  });
});
