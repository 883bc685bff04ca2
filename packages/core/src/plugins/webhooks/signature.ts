import { createHmac, randomBytes } from 'node:crypto';

/** The Standard Webhooks secret form: `whsec_` + base64 of the key's bytes (24 to 64 of them). */
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** The key's bytes, or null when `secret` is not of the form. */
export function secretKey(secret: string): Buffer | null {
  const m = SECRET.exec(secret);
  if (!m) return null;
  const key = Buffer.from(m[1]!, 'base64');
  // Buffer.from ignores bad base64 quietly: the round trip must give the same text.
  if (key.toString('base64').replace(/=+$/, '') !== m[1]!.replace(/=+$/, '')) return null;
  return key.length >= 24 && key.length <= 64 ? key : null;
}

/** A fresh secret: 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The `webhook-signature` header: `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`
 * keyed with the secret's bytes (https://www.standardwebhooks.com).
 */
export function signature(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
