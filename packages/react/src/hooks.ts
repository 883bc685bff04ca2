import type {
  AuthClient,
  AuthResult,
  FullOrganization,
  Member,
  Organization,
  SessionState,
} from '@gatehouse/client';
import { useSyncExternalStore } from 'react';
import { type AuthQueryState, useAuthQuery } from './use-auth-query.js';

/** The part of a client the hooks use, so that tests can pass a stand-in. */
export type HookClient = Pick<AuthClient, '$store'> & {
  organization: Pick<AuthClient['organization'], 'getFullOrganization' | 'getActiveMember' | 'list'>;
};

export type SessionView = SessionState & { refetch: () => Promise<void> };

/** The session view of `client`: `{data, isPending, error, isRefetching}`, plus `refetch`. */
export function useClientSession(client: HookClient): SessionView {
  const { session } = client.$store;
  const state = useSyncExternalStore(session.subscribe, session.get, session.get);
  return { ...state, refetch: session.refetch };
}

function useOrganizationVersion(client: HookClient): number {
  const { organization } = client.$store;
  return useSyncExternalStore(organization.subscribe, organization.get, organization.get);
}

/**
 * Loads something about the signed-in user's organizations, again whenever the
 * user, the active organization or (after an organization write) its contents change.
 * `needsActive`: nothing to load without an active organization.
 */
function useOrganizationQuery<T>(
  client: HookClient,
  kind: string,
  needsActive: boolean,
  load: () => Promise<AuthResult<T>>,
): AuthQueryState<T> {
  const { data, isPending } = useClientSession(client);
  const version = useOrganizationVersion(client);
  const activeId = data?.session.activeOrganizationId ?? null;
  const key = data && (activeId || !needsActive) ? `${kind}:${data.user.id}:${activeId}:${version}` : null;
  const query = useAuthQuery(key, load);
  return isPending ? { ...query, isPending: true } : query;
}

/** The session's active organization with its members and invitations, or null. */
export function useClientActiveOrganization(client: HookClient): AuthQueryState<FullOrganization | null> {
  return useOrganizationQuery(client, 'organization', true, () =>
    client.organization.getFullOrganization(),
  );
}

/** The signed-in user's membership in the active organization, or null. */
export function useClientActiveMember(client: HookClient): AuthQueryState<Member | null> {
  return useOrganizationQuery(client, 'member', true, () => client.organization.getActiveMember());
}

/** The organizations the signed-in user belongs to. */
export function useClientOrganizations(client: HookClient): AuthQueryState<Organization[]> {
  return useOrganizationQuery(client, 'list', false, () => client.organization.list());
}
