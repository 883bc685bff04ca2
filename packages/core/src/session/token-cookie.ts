import { readCookie } from '../cookies.js';
import type { Signer } from '../crypto/sign.js';
import { remember } from './memo.js';
import { sessionTokenKey } from './token-key.js';

const VERIFIED_MEMO_SIZE = 10_000;

/** The session token a request's signed session cookie carries, and the key its session is kept under (`sessionTokenKey`). */
export class TokenCookie {
  /** Signed session cookies already verified → token and its key (bounded memo). */
  private readonly verified = new Map<string, { token: string; key: string }>();

  constructor(
    private readonly signer: Signer,
    private readonly cookieName: string,
  ) {}

  /** The token of the session cookie in a Cookie header, when its signature holds. */
  read(cookieHeader: string | null): { token: string; key: string } | null {
    const signed = readCookie(cookieHeader, this.cookieName);
    return signed ? this.tokenOf(signed) : null;
  }

  /**
   * Verified once per distinct cookie value: a value is only remembered after its
   * signature held, so the memo can answer for it again without the HMAC and SHA-256
   * work (hot path).
   */
  private tokenOf(signed: string): { token: string; key: string } | null {
    const known = this.verified.get(signed);
    if (known) return known;
    const token = this.signer.unsign(signed);
    if (!token) return null;
    const entry = { token, key: sessionTokenKey(token) };
    remember(this.verified, signed, entry, VERIFIED_MEMO_SIZE);
    return entry;
  }
}
