import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.js';

/** The plain reading: split on ';', the first '=' splits name from value, both trimmed, the value URI-decoded. */
function reference(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

describe('readCookie', () => {
  it('reads one cookie of a header, decoding it only when it holds an escape', () => {
    const header = 'a=1; better-auth.session_token=abc.def; better-auth.session_data=eyJ%3D%3D; bad=%E0%A4%A';
    expect(readCookie(header, 'better-auth.session_token')).toBe('abc.def');
    expect(readCookie(header, 'better-auth.session_data')).toBe('eyJ==');
    expect(readCookie(header, 'a')).toBe('1');
    expect(readCookie(header, 'bad')).toBeUndefined();
    expect(readCookie(header, 'missing')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
    expect(readCookie('  a = spaced  ', 'a')).toBe('spaced');
  });

  it('answers as the plain reading does, for any header', () => {
    const piece = fc.constantFrom('a', 'b', '=', ';', ' ', '%', '%2', '%3B', '%E0%A4', '%ZZ', 'é', '\t', 'token');
    const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('a', 'b', 'token', 'a b'), (header, name) => {
        expect(readCookie(header, name)).toBe(reference(header, name));
      }),
      { numRuns: 2000 },
    );
  });
});
