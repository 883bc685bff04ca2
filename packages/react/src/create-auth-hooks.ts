import type { FullOrganization, Member, Organization } from '@gatehouse/client';
import {
  type HookClient,
  type SessionView,
  useClientActiveMember,
  useClientActiveOrganization,
  useClientOrganizations,
  useClientSession,
} from './hooks.js';
import type { AuthQueryState } from './use-auth-query.js';

export interface AuthHooks {
  /** The session view: `{data, isPending, error, isRefetching}`, plus `refetch`. */
  useSession(): SessionView;
  /** The session's active organization with its members and invitations, or null. */
  useActiveOrganization(): AuthQueryState<FullOrganization | null>;
  /** The signed-in user's membership in the active organization, or null. */
  useActiveMember(): AuthQueryState<Member | null>;
  /** The organizations the signed-in user belongs to; reloaded after organization changes. */
  useListOrganizations(): AuthQueryState<Organization[]>;
}

/**
 * Hooks bound to one Gatehouse client.
 *
 * @example
 * export const auth = createAuthClient();
 * export const { useSession, useActiveOrganization } = createAuthHooks(auth);
 */
export function createAuthHooks(client: HookClient): AuthHooks {
  return {
    useSession: () => useClientSession(client),
    useActiveOrganization: () => useClientActiveOrganization(client),
    useActiveMember: () => useClientActiveMember(client),
    useListOrganizations: () => useClientOrganizations(client),
  };
}
