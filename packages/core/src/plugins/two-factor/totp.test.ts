import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { generateBackupCodes, normalizeBackupCode, withoutCode } from './backup-codes.js';
import { checkTotp, newTotpSecret, totpURI } from './totp.js';

// RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it('accepts the RFC 6238 SHA-1 test vectors (8 digits, and their 6-digit truncation)', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(checkTotp(RFC_SECRET, code, seconds * 1000, 8)).toBe(true);
      expect(checkTotp(RFC_SECRET, code.slice(2), seconds * 1000)).toBe(true);
      expect(checkTotp(RFC_SECRET, code.slice(2), seconds * 1000 + 3 * 30_000)).toBe(false);
    }
  });

  it('accepts one step either side and no further', () => {
    const secret = newTotpSecret();
    const at = Date.UTC(2026, 0, 1, 12);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
    expect(checkTotp(secret, code, at)).toBe(true);
    expect(checkTotp(secret, code, at + 30_000)).toBe(true);
    expect(checkTotp(secret, code, at - 30_000)).toBe(true);
    expect(checkTotp(secret, code, at + 60_000)).toBe(false);
    expect(checkTotp(secret, code, at - 60_000)).toBe(false);
    expect(checkTotp(secret, 'abcdef', at)).toBe(false);
    expect(checkTotp(secret, `${code}0`, at)).toBe(false);
  });

  it('builds an otpauth:// URI with issuer, account and the standard parameters', () => {
    const secret = newTotpSecret();
    const uri = totpURI(secret, 'Gatehouse', 'ann@example.com');
    expect(uri.startsWith('otpauth://totp/Gatehouse:ann%40example.com?')).toBe(true);
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({ issuer: 'Gatehouse', label: 'ann@example.com', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(parsed.secret.base32).toBe(secret);
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
  });
});

describe('backup codes', () => {
  it('makes 10 distinct codes of 10 characters shaped xxxxx-xxxxx', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  });

  it('reads what a person typed and removes exactly one matching code', () => {
    expect(normalizeBackupCode(' ABCDE-12345 ')).toBe('abcde-12345');
    expect(normalizeBackupCode('abcde12345')).toBe('abcde-12345');
    expect(normalizeBackupCode('abcde-1234')).toBeNull();
    expect(withoutCode(['aaaaa-11111', 'bbbbb-22222'], 'bbbbb-22222')).toEqual(['aaaaa-11111']);
    expect(withoutCode(['aaaaa-11111'], 'ccccc-33333')).toBeNull();
  });
});
