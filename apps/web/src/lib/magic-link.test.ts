import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { explainMagicLinkFailure, magicLinkLandings, newLinkHelps } from './magic-link';

describe('magicLinkLandings', () => {
  beforeEach(() => vi.stubGlobal('window', { location: { origin: 'https://app.example.com' } }));
  afterEach(() => vi.unstubAllGlobals());

  it("names the app's landing, new-user landing and error page", () => {
    expect(magicLinkLandings('/account')).toEqual({
      callbackURL: 'https://app.example.com/magic-link',
      newUserCallbackURL: 'https://app.example.com/magic-link?new=1',
      errorCallbackURL: 'https://app.example.com/magic-link/error',
    });
  });

  it('keeps a page to continue to', () => {
    const landings = magicLinkLandings('/accept-invitation/abc?x=1');
    expect(landings.callbackURL).toBe('https://app.example.com/magic-link?redirect=%2Faccept-invitation%2Fabc%3Fx%3D1');
    expect(new URL(landings.newUserCallbackURL).searchParams.get('redirect')).toBe('/accept-invitation/abc?x=1');
    expect(new URL(landings.newUserCallbackURL).searchParams.get('new')).toBe('1');
  });
});

describe('explainMagicLinkFailure', () => {
  it('says in words what each code of the server means', () => {
    expect(explainMagicLinkFailure('EXPIRED_TOKEN').title).toBe('This sign-in link has expired');
    expect(explainMagicLinkFailure('INVALID_TOKEN').title).toBe('This sign-in link has already been used');
    expect(explainMagicLinkFailure('BANNED_USER').text).toBe('You have been banned from this application.');
    expect(explainMagicLinkFailure('new_user_signup_disabled').title).toBe('No account for this address');
    expect(explainMagicLinkFailure('something_else').title).toBe('This sign-in link did not work');
  });

  it('offers a new link only where one can help', () => {
    expect(newLinkHelps('EXPIRED_TOKEN')).toBe(true);
    expect(newLinkHelps('INVALID_TOKEN')).toBe(true);
    expect(newLinkHelps('BANNED_USER')).toBe(false);
    expect(newLinkHelps('new_user_signup_disabled')).toBe(false);
  });
});
