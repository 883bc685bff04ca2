import { timingSafeEqual } from 'node:crypto';
import { type AuthContext, LOWER_ALPHANUMERIC, randomString } from '../../kit.js';

const COUNT = 10;

/** 10 codes of 10 characters, shown as xxxxx-xxxxx (spec sections 3 and 9); ~51 bits each. */
export function generateBackupCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const s = randomString(10, LOWER_ALPHANUMERIC);
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** What a person typed, in the stored form: case, spaces and the dash do not matter. */
export function normalizeBackupCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(s) ? `${s.slice(0, 5)}-${s.slice(5)}` : null;
}

export function sealBackupCodes(auth: AuthContext, codes: string[]): string {
  return auth.encrypter.encrypt(JSON.stringify(codes));
}

export function openBackupCodes(auth: AuthContext, sealed: string): string[] {
  const plain = auth.encrypter.decrypt(sealed);
  if (!plain) return [];
  try {
    const codes: unknown = JSON.parse(plain);
    return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** The list without `code`, or null when `code` is not in it (compared in constant time). */
export function withoutCode(codes: string[], code: string): string[] | null {
  const given = Buffer.from(code);
  let index = -1;
  codes.forEach((c, i) => {
    const stored = Buffer.from(c);
    if (stored.length === given.length && timingSafeEqual(stored, given) && index === -1) index = i;
  });
  return index === -1 ? null : codes.filter((_, i) => i !== index);
}
