import { describe, expect, it } from 'vitest';
import { initials } from './Avatar';

describe('initials', () => {
  it('takes the first and last word of a name', () => {
    expect(initials('Ada Lovelace', 'a@x.test')).toBe('AL');
    expect(initials('Jean-Paul Sartre', 'j@x.test')).toBe('JS');
    expect(initials('  ', 'grace.hopper@x.test')).toBe('GH');
    expect(initials(null, 'linus@x.test')).toBe('L');
    expect(initials('émile zola', 'e@x.test')).toBe('ÉZ');
  });
});
