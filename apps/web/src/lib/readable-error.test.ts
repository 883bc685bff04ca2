import { describe, expect, it } from 'vitest';
import { readableError } from './readable-error';

describe('readableError', () => {
  it("shows the server's words (CONTRACT.md), begun with a capital; the app's sentence only for a bare code", () => {
    expect(readableError(null)).toBeNull();
    expect(readableError({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 })?.message).toBe('Invalid email or password');
    expect(readableError({ code: 'BANNED_USER', message: 'You have been banned from this application', status: 403 })?.message).toBe(
      'You have been banned from this application',
    );
    const twoFactor = readableError({ code: 'INVALID_TWO_FACTOR_AUTHENTICATION', message: 'invalid two factor authentication', status: 401 });
    expect(twoFactor?.message).toBe('Invalid two factor authentication');
    expect(twoFactor?.code).toBe('INVALID_TWO_FACTOR_AUTHENTICATION');
    expect(readableError({ code: 'BANNED_USER', message: 'BANNED_USER', status: 403 })?.message).toBe('You have been banned from this application.');
  });

  it("keeps a validation refusal's own words, as a sentence", () => {
    expect(readableError({ code: 'VALIDATION_ERROR', message: 'email is required', status: 400 })?.message).toBe('Email is required.');
  });

  it('keeps an unknown code’s words, begun with a capital, or explains an empty message', () => {
    expect(readableError({ code: 'SOMETHING_NEW', message: 'something new happened', status: 400 })?.message).toBe('Something new happened');
    expect(readableError({ code: 'SOMETHING_NEW', message: '', status: 400 })?.message).toBe(
      'Something went wrong (the server answered 400). Please try again.',
    );
    expect(readableError({ code: 'SOMETHING_NEW', message: 'SOMETHING_NEW', status: 429 })?.message).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(readableError({ code: '', message: '', status: 0 })?.message).toBe('Something went wrong. Please try again.');
  });
});
