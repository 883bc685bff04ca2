import { SignJWT, jwtVerify, errors } from 'jose';

export type TokenCheck<T> = { ok: true; payload: T } | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 tokens for mailed links (verification). Default expiry 3600 s. */
export class TokenSigner {
  private readonly keys: Uint8Array[];

  constructor(secrets: readonly string[]) {
    this.keys = secrets.map((s) => new TextEncoder().encode(s));
  }

  async sign(payload: Record<string, unknown>, expiresInSeconds: number, nowMs: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + expiresInSeconds)
      .sign(this.keys[0]!);
  }

  async verify<T>(token: string, nowMs: number): Promise<TokenCheck<T>> {
    for (const key of this.keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        return { ok: true, payload: payload as T };
      } catch (e) {
        if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      }
    }
    return { ok: false, reason: 'invalid' };
  }
}
