import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A CSPRNG string over `alphabet` without modulo bias (rejection sampling). */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const n = alphabet.length;
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(Math.ceil((length - out.length) * 1.3) + 8);
    for (const b of bytes) {
      if (b < limit) out += alphabet[b % n];
      if (out.length === length) break;
    }
  }
  return out;
}

export const generateId = (): string => randomString(32);
