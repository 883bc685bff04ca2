import type { AuthContext } from '../../kit.js';

/** A passkey as the API answers it (the `passkey` table's row). */
export interface Passkey {
  id: string;
  userId: string;
  name: string | null;
  publicKey: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  aaguid: string | null;
  createdAt: Date;
  /** The last successful sign-in or second factor with it; null when never used. */
  lastUsedAt: Date | null;
}

/** The row's fields, in a fixed shape (whatever else a row may carry stays out). */
export function passkeyOf(row: Passkey): Passkey {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name ?? null,
    publicKey: row.publicKey,
    credentialID: row.credentialID,
    counter: row.counter,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports ?? null,
    aaguid: row.aaguid ?? null,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt ?? null,
  };
}

export function listPasskeys(auth: AuthContext, userId: string): Promise<Passkey[]> {
  return auth.adapter.findMany<Passkey & Record<string, unknown>>('passkey', {
    where: [{ field: 'userId', value: userId }],
    sortBy: { field: 'createdAt', direction: 'asc' },
  });
}

/** The caller's own passkey `id`, or null (another user's passkey is as absent as a missing one). */
export function findOwnPasskey(auth: AuthContext, userId: string, id: string): Promise<Passkey | null> {
  return auth.adapter.findOne<Passkey & Record<string, unknown>>('passkey', [
    { field: 'id', value: id },
    { field: 'userId', value: userId },
  ]);
}

/** The transports column as the library wants them. */
export function transportsOf(p: Pick<Passkey, 'transports'>): string[] | undefined {
  return p.transports ? p.transports.split(',').filter(Boolean) : undefined;
}

/** The WebAuthn user handle of a user: the bytes of their id (what the options give the authenticator). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}
