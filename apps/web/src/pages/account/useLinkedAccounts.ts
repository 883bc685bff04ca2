import { useQuery } from '@tanstack/react-query';
import { queries } from '../../lib/queries';

/** The signed-in person's linked accounts (password included), through lib/queries.ts (`keys.me.accounts`). */
export function useLinkedAccounts(userId: string | undefined) {
  return useQuery({ ...queries.accounts(userId ?? ''), enabled: Boolean(userId) });
}

export type LinkedAccountsQuery = ReturnType<typeof useLinkedAccounts>;
