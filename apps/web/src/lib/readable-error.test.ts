import { describe, expect, it } from 'vitest';
import { readableError } from './readable-error';

describe('readableError', () => {
  it("prefers the app's sentence for a known code over the server's words", () => {
    expect(readableError(null)).toBeNull();
    const twoFactor = readableError({ code: 'INVALID_TWO_FACTOR_AUTHENTICATION', message: 'invalid two factor authentication', status: 401 });
    expect(twoFactor?.message).toBe('That code is not right. Check your authenticator app and try again.');
    expect(twoFactor?.code).toBe('INVALID_TWO_FACTOR_AUTHENTICATION');
    expect(readableError({ code: 'INVALID_USERNAME_OR_PASSWORD', message: 'invalid username or password', status: 401 })?.message).toBe(
      'The username or password is not right.',
    );
    expect(readableError({ code: 'BANNED_USER', message: 'BANNED_USER', status: 403 })?.message).toBe('You have been banned from this application.');
  });

  it("keeps a validation refusal's own words, as a sentence", () => {
    expect(readableError({ code: 'VALIDATION_ERROR', message: 'email is required', status: 400 })?.message).toBe('Email is required.');
  });

  it('makes a sentence of an unknown code’s words, or explains an empty message', () => {
    expect(readableError({ code: 'SOMETHING_NEW', message: 'something new happened', status: 400 })?.message).toBe('Something new happened.');
    expect(readableError({ code: 'SOMETHING_NEW', message: '', status: 400 })?.message).toBe('Something went wrong (the server answered 400). Please try again.');
    expect(readableError({ code: 'SOMETHING_NEW', message: 'SOMETHING_NEW', status: 429 })?.message).toBe('Too many attempts. Please wait a moment and try again.');
    expect(readableError({ code: '', message: '', status: 0 })?.message).toBe('Something went wrong. Please try again.');
  });
});
