// @vitest-environment happy-dom
import '../../i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { ResetPassword } from './ResetPassword';

const resetPassword = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({
  auth: { resetPassword, $store: { session: { refetch: vi.fn() }, organization: { bump: vi.fn() } } },
}));

afterEach(cleanup);
beforeEach(async () => {
  resetPassword.mockReset();
  await i18n.changeLanguage('en');
});

describe('the reset form', () => {
  it('says under "Confirm password" that the passwords differ, without asking the server', async () => {
    render(
      <MemoryRouter initialEntries={['/reset-password?token=abc']}>
        <ResetPassword />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'quiet-meadow-4821' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'quiet-meadow-4822' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted field.');
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    const id = (confirm.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(id)?.textContent).toBe('The passwords do not match.');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(resetPassword).not.toHaveBeenCalled();
  });
});
