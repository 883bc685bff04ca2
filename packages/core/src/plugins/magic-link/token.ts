import { type AuthContext, hashToken, randomString } from '../../kit.js';

/** 32 characters over 62: about 190 bits, never guessed. */
const TOKEN_LENGTH = 32;
const PREFIX = 'magic-link:';

/** The verification row's identifier: a SHA-256 of the token, never the token itself. */
const identifier = (token: string) => `${PREFIX}${hashToken(token)}`;

/** What a link's row remembers: who asked, and the name for an account it creates. */
export interface LinkRequest {
  email: string;
  name?: string;
}

/**
 * Stores a new single-use link for `request` (expired links of anyone are swept first, so the
 * table does not grow with requests nobody followed). Answers the token for the mail and the
 * row's id (to undo when the mail cannot go out).
 */
export async function issueLink(auth: AuthContext, request: LinkRequest, expiresIn: number): Promise<{ token: string; rowId: string }> {
  const now = auth.now();
  await auth.adapter.delete('verification', [
    { field: 'identifier', value: PREFIX, operator: 'starts_with' },
    { field: 'expiresAt', value: new Date(now), operator: 'lte' },
  ]);
  const token = randomString(TOKEN_LENGTH);
  const row = await auth.adapter.create<{ id: string }>('verification', {
    identifier: identifier(token),
    value: JSON.stringify(request),
    expiresAt: new Date(now + expiresIn * 1000),
  });
  if (!row) throw new Error('magic link not stored');
  return { token, rowId: row.id };
}

export type Redeemed = { ok: true; request: LinkRequest } | { ok: false; reason: 'invalid' | 'expired'; email?: string };

/**
 * Uses a link up: its row is deleted before anything else, and only the request whose delete
 * removed it goes on, so of two clicks at once exactly one signs in. An expired link is used
 * up too (and said to be expired, with the address it was for, for the audit).
 */
export async function redeemLink(auth: AuthContext, token: string): Promise<Redeemed> {
  if (token.length !== TOKEN_LENGTH) return { ok: false, reason: 'invalid' };
  const row = await auth.adapter.findOne<{ id: string; value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: identifier(token) }]);
  if (!row) return { ok: false, reason: 'invalid' };
  if ((await auth.adapter.delete('verification', [{ field: 'id', value: row.id }])) !== 1) return { ok: false, reason: 'invalid' };
  let request: LinkRequest;
  try {
    const parsed = JSON.parse(row.value) as Partial<LinkRequest>;
    if (typeof parsed.email !== 'string') return { ok: false, reason: 'invalid' };
    request = { email: parsed.email, ...(typeof parsed.name === 'string' ? { name: parsed.name } : {}) };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (row.expiresAt.getTime() <= auth.now()) return { ok: false, reason: 'expired', email: request.email };
  return { ok: true, request };
}
