import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases, drops accents and joins words with dashes', () => {
    expect(slugify('Acme & Co.')).toBe('acme-co');
    expect(slugify('  Café Crème  ')).toBe('cafe-creme');
  });
});

describe('safeRedirect', () => {
  it('accepts paths of this app only', () => {
    expect(safeRedirect('/accept-invitation/1', '/account')).toBe('/accept-invitation/1');
    expect(safeRedirect('//evil.test', '/account')).toBe('/account');
    expect(safeRedirect('https://evil.test', '/account')).toBe('/account');
    expect(safeRedirect(null, '/account')).toBe('/account');
  });
});
