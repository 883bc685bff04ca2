import { auth } from '../../auth';
import { useServerQuery } from '../../lib/server-state';

/** The signed-in person's linked accounts (password included), loaded again after every action. */
export function useLinkedAccounts(userId: string | undefined) {
  return useServerQuery(userId ? `accounts:${userId}` : null, () => auth.listAccounts());
}

export type LinkedAccountsQuery = ReturnType<typeof useLinkedAccounts>;
