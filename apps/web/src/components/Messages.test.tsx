// @vitest-environment happy-dom
import '../i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { ErrorMessage } from './Messages';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const refusal = {
  message: 'email is required; password is required',
  code: 'VALIDATION_ERROR',
  status: 400,
  issues: [
    { field: 'email', message: 'email is required' },
    { field: 'password', message: 'password is required' },
  ],
};

describe('ErrorMessage', () => {
  it("shows the server's message as an alert", () => {
    render(<ErrorMessage error={{ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password');
  });

  it('summarises field refusals shown under their fields', () => {
    render(<ErrorMessage error={refusal} fieldsShown />);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the 2 highlighted fields.');
  });

  it('says the server could not be reached instead of a bare code', () => {
    render(<ErrorMessage error={{ message: 'Network error', code: 'FETCH_ERROR', status: 0 }} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be reached/);
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('de');
    render(<ErrorMessage error={refusal} fieldsShown />);
    expect(screen.getByRole('alert').textContent).toBe('Bitte korrigieren Sie die 2 markierten Felder.');
    await i18n.changeLanguage('en');
  });
});
