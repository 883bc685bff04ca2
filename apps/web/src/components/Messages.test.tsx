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
  it("shows the server's words as an alert, begun with a capital, the code only in a small Details line", () => {
    const { container } = render(
      <ErrorMessage error={{ message: 'invalid two factor authentication', code: 'INVALID_TWO_FACTOR_AUTHENTICATION', status: 401 }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Invalid two factor authentication');
    expect(container.querySelector('[data-details]')?.textContent).toBe('Details: INVALID_TWO_FACTOR_AUTHENTICATION');
  });

  it('shows no Details line for a failure the app names itself', () => {
    const { container } = render(<ErrorMessage error={{ message: 'The passwords do not match.', code: 'CLIENT_VALIDATION', status: 0 }} />);
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match.');
    expect(container.querySelector('[data-details]')).toBeNull();
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
