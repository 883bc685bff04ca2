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
    // Said once, under the field it concerns, as an alert (the form's top stays quiet).
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match.');
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    const id = (confirm.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(id)?.textContent).toBe('The passwords do not match.');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('explains a used link with a way on, its "sign in" a link inside the sentence', () => {
    render(
      <MemoryRouter initialEntries={['/reset-password?error=INVALID_TOKEN']}>
        <ResetPassword />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe('This password reset link is invalid, has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/sign-in');
  });
});
