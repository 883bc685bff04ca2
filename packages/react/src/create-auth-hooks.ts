import {
  type ActiveMemberOf,
  type ActiveOrganizationOf,
  type HookClient,
  type OrganizationsOf,
  type SessionOf,
  type SessionView,
  useClientActiveMember,
  useClientActiveOrganization,
  useClientOrganizations,
  useClientSession,
} from './hooks.js';
import type { AuthQueryState } from './use-auth-query.js';

/** The hooks of a client `C`; their data are the client's answer types. */
export interface AuthHooks<C extends HookClient = HookClient> {
  /** The session view: `{data, isPending, error, isRefetching}`, plus `refetch`. */
  useSession(): SessionView<SessionOf<C>>;
  /** The session's active organization with its members and invitations, or null. */
  useActiveOrganization(): AuthQueryState<ActiveOrganizationOf<C>>;
  /** The signed-in user's membership in the active organization, or null. */
  useActiveMember(): AuthQueryState<ActiveMemberOf<C>>;
  /** The organizations the signed-in user belongs to; reloaded after organization changes. */
  useListOrganizations(): AuthQueryState<OrganizationsOf<C>>;
}

/**
 * Hooks bound to one Gatehouse client.
 *
 * @example
 * export const auth = createAuthClient({ plugins: gatehouseClients });
 * export const { useSession, useActiveOrganization } = createAuthHooks(auth);
 */
export function createAuthHooks<C extends HookClient>(client: C): AuthHooks<C> {
  const c = client as HookClient as HookClient<SessionOf<C>, ActiveOrganizationOf<C>, ActiveMemberOf<C>, OrganizationsOf<C>>;
  return {
    useSession: () => useClientSession(c),
    useActiveOrganization: () => useClientActiveOrganization(c),
    useActiveMember: () => useClientActiveMember(c),
    useListOrganizations: () => useClientOrganizations(c),
  };
}
