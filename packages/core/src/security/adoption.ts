import type { Adapter } from '../db/adapter.js';
import type { UserRow } from '../session/types.js';

/**
 * What a plugin's `onAccountAdopted` did: what it removed, counted by kind (for the audit's
 * `account.adopted`), and work that must wait until the transaction has committed (a store
 * outside the database, e.g. the OpenID provider's grants in the secondary storage).
 */
export interface AdoptionStep {
  removed?: Record<string, number>;
  afterCommit?: () => Promise<void>;
}

/**
 * A plugin's part of an adoption: removes, within `trx`, every way in of its own that someone
 * could have set up on the account while its address was unproven (passkeys, a second factor,
 * API keys…).
 */
export type AccountAdopter = (trx: Adapter, userId: string) => Promise<AdoptionStep | undefined>;

/** The linked account a social sign-in adopts through: it stays (the person signing in owns it). */
export interface AdoptionKeep {
  providerId: string;
  accountId: string;
}

/** An adoption done: the user as it now is (verified), what was removed, what waits for the commit. */
export interface Adopted {
  user: UserRow;
  removed: Record<string, number>;
  afterCommit: (() => Promise<void>)[];
}

/**
 * Account pre-hijacking (issue 35): someone signs up with another person's address and a
 * password of theirs, and waits. When the address's owner later proves the mailbox by a
 * sign-in (an email code, a magic link, a provider that vouches for the address), that sign-in
 * adopts the account: everything set up while the address was unproven ends, for only its
 * owner may hold the account from now on. Every session (database, secondary storage and the
 * instances' caches, through the session hooks), the password, the other linked accounts, and
 * each plugin's ways in (`Plugin.onAccountAdopted`). An account verified already is never
 * adopted: nothing is removed. The person sets a password again through the reset.
 */
export class AccountAdoption {
  constructor(private readonly adopters: readonly AccountAdopter[]) {}

  /**
   * Adopts the account within `trx` when its address is still unproven: marks it verified by
   * a compare-and-set (of two sign-ins at once, one adopts; the other finds it verified), then
   * removes. Answers null when there was nothing to adopt (verified already, or just now by
   * another request). The caller records `account.adopted` and runs `afterCommit` once committed.
   */
  async adopt(trx: Adapter, userId: string, keep?: AdoptionKeep): Promise<Adopted | null> {
    const flipped = await trx.update<UserRow>(
      'user',
      [
        { field: 'id', value: userId },
        { field: 'emailVerified', value: false },
      ],
      { emailVerified: true },
    );
    if (!flipped) return null;
    const removed: Record<string, number> = {};
    const count = (kind: string, n: number) => {
      if (n > 0) removed[kind] = (removed[kind] ?? 0) + n;
    };
    // Row by row through the adapter: the session hooks drop each from the secondary storage
    // and tell the other instances, once the transaction has committed.
    count('sessions', await trx.delete('session', [{ field: 'userId', value: userId }]));
    count(
      'passwords',
      await trx.delete('account', [
        { field: 'userId', value: userId },
        { field: 'providerId', value: 'credential' },
      ]),
    );
    const linked = await trx.findMany<{ id: string; providerId: string; accountId: string }>('account', { where: [{ field: 'userId', value: userId }] });
    for (const account of linked) {
      if (keep && account.providerId === keep.providerId && account.accountId === keep.accountId) continue;
      count('linkedAccounts', await trx.delete('account', [{ field: 'id', value: account.id }]));
    }
    const afterCommit: (() => Promise<void>)[] = [];
    for (const adopter of this.adopters) {
      const step = await adopter(trx, userId);
      for (const [kind, n] of Object.entries(step?.removed ?? {})) count(kind, n);
      if (step?.afterCommit) afterCommit.push(step.afterCommit);
    }
    // As the plugins left it (two-factor turns its flag off).
    const user = (await trx.findOne<UserRow>('user', [{ field: 'id', value: userId }])) ?? flipped;
    return { user, removed, afterCommit };
  }
}
