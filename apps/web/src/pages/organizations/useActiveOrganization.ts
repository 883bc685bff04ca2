import type { AuthError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { type FullOrganization, useSession } from '../../auth';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';

export interface ActiveOrganizationState {
  /** The active organization with its members and invitations; null when none is active (or not yet loaded). */
  data: FullOrganization | null;
  error: AuthError | null;
  isPending: boolean;
}

/**
 * The session's active organization, read through TanStack Query (`keys.organizations.full`): the
 * session names it; switching loads the other one, and the actions on it invalidate its key.
 */
export function useActiveOrganization(): ActiveOrganizationState {
  const { data: session, isPending: sessionPending } = useSession();
  const id = session?.session.activeOrganizationId ?? null;
  const query = useQuery({ ...queries.fullOrganization(id ?? ''), enabled: id !== null });
  return {
    data: id === null ? null : (query.data ?? null),
    error: refusalOf(query.error),
    isPending: sessionPending || (id !== null && query.isPending),
  };
}
