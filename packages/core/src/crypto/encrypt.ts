import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (provider tokens, TOTP secrets,
 * backup codes). The key is derived from the auth secret with HKDF, and held as a KeyObject: node:crypto
 * takes a Buffer key through a slow check on every cipher (see sign.ts).
 */
export class Encrypter {
  private readonly keys: KeyObject[];

  constructor(secrets: readonly string[]) {
    this.keys = secrets.map((s) => createSecretKey(Buffer.from(hkdfSync('sha256', s, 'gatehouse', 'encryption-at-rest', 32))));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  decrypt(sealed: string): string | null {
    if (!sealed.startsWith('v1.')) return null;
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length < 28) return null;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        // try the next (older) secret
      }
    }
    return null;
  }
}
