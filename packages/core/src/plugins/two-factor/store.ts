import type { AuthContext } from '../../kit.js';
import { generateBackupCodes, normalizeBackupCode, openBackupCodes, sealBackupCodes, withoutCode } from './backup-codes.js';
import { newTotpSecret } from './totp.js';

/** One row per user: the TOTP secret and the unused backup codes, both encrypted at rest. */
export interface TwoFactorRow {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified?: boolean | null;
  [key: string]: unknown;
}

export function findTwoFactor(auth: AuthContext, userId: string): Promise<TwoFactorRow | null> {
  return auth.adapter.findOne<TwoFactorRow>('twoFactor', [{ field: 'userId', value: userId }]);
}

/** The plain base32 secret, or null when it cannot be read (e.g. every secret it was sealed with is gone). */
export function openSecret(auth: AuthContext, row: TwoFactorRow): string | null {
  return auth.encrypter.decrypt(row.secret);
}

/** A new secret and new backup codes, replacing any earlier enrolment; unverified until a TOTP code confirms it. */
export async function enrol(auth: AuthContext, userId: string): Promise<{ secret: string; backupCodes: string[] }> {
  const secret = newTotpSecret();
  const backupCodes = generateBackupCodes();
  await auth.adapter.transaction(async (trx) => {
    await trx.delete('twoFactor', [{ field: 'userId', value: userId }]);
    await trx.create('twoFactor', {
      userId,
      secret: auth.encrypter.encrypt(secret),
      backupCodes: sealBackupCodes(auth, backupCodes),
      verified: false,
    });
  });
  return { secret, backupCodes };
}

/**
 * Uses up one backup code. The new list is written only if the stored one is still the
 * one read (compare-and-set), so two requests cannot both spend the same code.
 */
export async function consumeBackupCode(auth: AuthContext, userId: string, input: string): Promise<boolean> {
  const code = normalizeBackupCode(input);
  if (!code) return false;
  for (let tries = 0; tries < 5; tries++) {
    const row = await findTwoFactor(auth, userId);
    if (!row) return false;
    const rest = withoutCode(openBackupCodes(auth, row.backupCodes), code);
    if (!rest) return false;
    const written = await auth.adapter.update(
      'twoFactor',
      [
        { field: 'id', value: row.id },
        { field: 'backupCodes', value: row.backupCodes },
      ],
      { backupCodes: sealBackupCodes(auth, rest) },
    );
    if (written) return true;
    // Another request changed the codes in between: read them again.
  }
  return false;
}
