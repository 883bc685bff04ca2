// @vitest-environment happy-dom
import '../../i18n';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { SignUp } from './SignUp';

const signUpEmail = vi.hoisted(() => vi.fn());
vi.mock('../../auth', () => ({
  auth: {
    signUp: { email: signUpEmail },
    $store: { session: { refetch: vi.fn() }, organization: { bump: vi.fn() } },
  },
  useSession: () => ({ data: null, isPending: false }),
}));

afterEach(cleanup);
beforeEach(async () => {
  signUpEmail.mockReset();
  await i18n.changeLanguage('en');
});

const show = () =>
  render(
    <MemoryRouter initialEntries={['/sign-up']}>
      <SignUp />
    </MemoryRouter>,
  );

const fill = (labels: { name: string; email: string; password: string }) => {
  fireEvent.change(screen.getByLabelText(labels.name), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(screen.getByLabelText(labels.email), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'quiet-meadow-4821' } });
};

const errorUnder = (input: HTMLElement) => {
  const id = (input.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
  return document.getElementById(id)?.textContent;
};

describe('the sign-up form', () => {
  it("shows each of the server's field issues under its field, and one summary at the top", async () => {
    signUpEmail.mockResolvedValue({
      data: null,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Invalid request',
        status: 400,
        issues: [
          { field: 'name', message: 'name is too long' },
          { field: 'password', message: 'password must be a string' },
        ],
      },
    });
    show();
    fill({ name: 'Name', email: 'Email', password: 'Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the 2 highlighted fields.');
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(name)).toBe('Name is too long.');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.closest('.field')?.querySelector('.field-error')?.textContent).toBe('Password must be a string.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('says under Email that the address already has an account, focused, with the ways on', async () => {
    signUpEmail.mockResolvedValue({ data: null, error: { code: 'USER_ALREADY_EXISTS', message: 'User already exists', status: 422 } });
    show();
    fill({ name: 'Name', email: 'Email', password: 'Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(errorUnder(email)).toMatch(/^User already exists Sign in · Reset your password$/);
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
    const field = email.closest('.field') as HTMLElement;
    expect(within(field).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in?redirect=%2Faccount');
    expect(within(field).getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("shows a refusal that names no field at the top, in the server's words, the code only as Details", async () => {
    signUpEmail.mockResolvedValue({
      data: null,
      error: { code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED', message: 'Email and password sign up is not enabled', status: 400 },
    });
    show();
    fill({ name: 'Name', email: 'Email', password: 'Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email and password sign up is not enabled');
    expect(document.querySelector('[data-details]')?.textContent).toBe('Details: EMAIL_PASSWORD_SIGN_UP_DISABLED');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('speaks German, the field error still under its field', async () => {
    await i18n.changeLanguage('de');
    signUpEmail.mockResolvedValue({
      data: null,
      error: { code: 'VALIDATION_ERROR', message: 'Ungültige Anfrage', status: 400, issues: [{ field: 'email', message: 'Ungültige E-Mail-Adresse' }] },
    });
    show();
    expect(screen.getByRole('heading', { name: 'Registrieren', level: 1 })).toBeTruthy();
    fill({ name: 'Name', email: 'E-Mail-Adresse', password: 'Passwort' });
    fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte korrigieren Sie das markierte Feld.');
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(email)).toBe('Ungültige E-Mail-Adresse.');
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeTruthy();
  });
});
