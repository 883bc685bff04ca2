// @vitest-environment happy-dom
import '../../i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { SignInForm } from './SignInForm';

const calls = vi.hoisted(() => ({ email: vi.fn(), username: vi.fn() }));
vi.mock('../../auth', () => ({
  auth: {
    signIn: calls,
    $store: { session: { refetch: vi.fn() }, organization: { bump: vi.fn() } },
  },
}));

afterEach(cleanup);
beforeEach(async () => {
  calls.email.mockReset();
  await i18n.changeLanguage('en');
});

const show = () =>
  render(
    <MemoryRouter>
      <SignInForm onSignedIn={vi.fn()} />
    </MemoryRouter>,
  );

const submit = (identifier: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

/** The text of the element(s) an input is described by. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the sign-in form', () => {
  it("shows the server's field issue under the identifier field, described by it, and a summary at the top", async () => {
    calls.email.mockResolvedValue({
      data: null,
      error: { code: 'VALIDATION_ERROR', message: 'Invalid request', status: 400, issues: [{ field: 'email', message: 'Invalid email address' }] },
    });
    show();
    submit('someone@example', 'quiet-meadow-4821');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please correct the highlighted field.');
    const identifier = screen.getByLabelText('Email or username');
    expect(identifier.getAttribute('aria-invalid')).toBe('true');
    expect(description(identifier)).toBe('Invalid email address.');
    expect(identifier.closest('.field')?.querySelector('.field-error')?.textContent).toBe('Invalid email address.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows a refusal that names no field at the form's top in the server's words", async () => {
    calls.email.mockResolvedValueOnce({ data: null, error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 } });
    show();
    submit('ada@example.com', 'wrong-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByLabelText('Email or username').getAttribute('aria-invalid')).toBeNull();

    calls.email.mockResolvedValueOnce({ data: null, error: { code: 'BANNED_USER', message: 'BANNED_USER', status: 403 } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You have been banned from this application.'));
  });

  it('speaks German: labels, link, button and the field summary', async () => {
    await i18n.changeLanguage('de');
    calls.email.mockResolvedValue({
      data: null,
      error: { code: 'VALIDATION_ERROR', message: 'Ungültige Anfrage', status: 400, issues: [{ field: 'password', message: 'Passwort fehlt' }] },
    });
    show();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeTruthy();
    expect(screen.getByLabelText('Angemeldet bleiben')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse oder Benutzername'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte korrigieren Sie das markierte Feld.');
    const password = screen.getByLabelText('Passwort');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(description(password)).toBe('Passwort fehlt.');
  });
});
