import { describe, expect, it } from 'vitest';
import { landingPage } from './landing';

const at = (query: string) => new URLSearchParams(query);

describe('landingPage', () => {
  it('hands a reset link to the reset page', () => {
    expect(landingPage(at('token=abc'), null)).toBe('/reset-password?token=abc');
    expect(landingPage(at('error=INVALID_TOKEN'), null)).toBe('/reset-password?error=INVALID_TOKEN');
  });
  it('follows the notice cookie for verify, change-email and delete-account links', () => {
    expect(landingPage(at(''), 'verify-email')).toBe('/verify-email');
    expect(landingPage(at('error=unauthorized'), 'change-email')).toBe('/verify-email?error=unauthorized');
    expect(landingPage(at(''), 'delete-account')).toBe('/account-deleted');
    expect(landingPage(at('error=invalid_token'), 'delete-account')).toBe('/account-deleted?error=invalid_token');
  });
  it('without a notice, sends verification codes to the verification page and others to /error', () => {
    expect(landingPage(at('error=token_expired'), null)).toBe('/verify-email?error=token_expired');
    expect(landingPage(at('error=state_not_found'), null)).toBe('/error?error=state_not_found');
    expect(landingPage(at(''), null)).toBeNull();
  });
  it("hands a sign-in link (magic link) to its landing or its error page, before the reset link's codes", () => {
    expect(landingPage(at(''), 'magic-link')).toBe('/magic-link');
    expect(landingPage(at('twoFactorRedirect=true'), 'magic-link')).toBe('/magic-link?twoFactorRedirect=true');
    expect(landingPage(at('error=INVALID_TOKEN'), 'magic-link')).toBe('/magic-link/error?error=INVALID_TOKEN');
    expect(landingPage(at('error=EXPIRED_TOKEN'), 'magic-link')).toBe('/magic-link/error?error=EXPIRED_TOKEN');
    expect(landingPage(at('error=BANNED_USER'), 'magic-link')).toBe('/magic-link/error?error=BANNED_USER');
  });
});
