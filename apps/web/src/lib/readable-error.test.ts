import { describe, expect, it } from 'vitest';
import { readableError } from './readable-error';

describe('readableError', () => {
  it('keeps the server words, and explains an empty message or one that is only the code', () => {
    expect(readableError(null)).toBeNull();
    const worded = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 };
    expect(readableError(worded)).toBe(worded);
    expect(readableError({ code: 'BANNED_USER', message: 'BANNED_USER', status: 403 })?.message).toBe('You have been banned from this application.');
    expect(readableError({ code: 'SOMETHING_NEW', message: '', status: 400 })?.message).toBe('Something went wrong (the server answered 400). Please try again.');
    expect(readableError({ code: 'RATE_LIMITED', message: 'RATE_LIMITED', status: 429 })?.message).toBe('Too many attempts. Please wait a moment and try again.');
    expect(readableError({ code: '', message: '', status: 0 })?.message).toBe('Something went wrong. Please try again.');
  });
});
