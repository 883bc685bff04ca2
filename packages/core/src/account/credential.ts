import type { Row } from '../db/types.js';
import type { Adapter } from '../db/adapter.js';

export interface CredentialAccount extends Row {
  id: string;
  userId: string;
  password?: string | null;
}

/** The user's password login ('credential' account), if any. */
export function findCredential(adapter: Adapter, userId: string): Promise<CredentialAccount | null> {
  return adapter.findOne<CredentialAccount>('account', [
    { field: 'userId', value: userId },
    { field: 'providerId', value: 'credential' },
  ]);
}

/** Stores `hash` as the user's password, creating the credential account when the user had only social ones. */
export async function setCredentialPassword(adapter: Adapter, userId: string, hash: string): Promise<void> {
  const existing = await findCredential(adapter, userId);
  if (existing) {
    await adapter.update('account', [{ field: 'id', value: existing.id }], { password: hash });
    return;
  }
  await adapter.create('account', { userId, providerId: 'credential', accountId: userId, password: hash });
}
