import type { AuthResult, ChangeSignal, SessionState, SessionStore } from '@gatehouse/client';
import { useSyncExternalStore } from 'react';
import { type AuthQueryState, useAuthQuery } from './use-auth-query.js';

/** What the hooks read of a session: who is signed in, and their active organization. */
export interface SessionShape {
  session: { activeOrganizationId?: string | null };
  user: { id: string };
}

/**
 * The part of a client the hooks use (a client of `@gatehouse/client` given the
 * organization capability), so that tests can pass a stand-in. The answers' types
 * are the client's, hence the server's.
 */
export interface HookClient<S extends SessionShape = SessionShape, O = unknown, M = unknown, L = unknown> {
  $store: { session: SessionStore<S>; organization: ChangeSignal };
  organization: {
    getFullOrganization(): Promise<AuthResult<O>>;
    getActiveMember(): Promise<AuthResult<M>>;
    list(): Promise<AuthResult<L>>;
  };
}

/** A client's answer types, for the hooks' return types. */
export type SessionOf<C> = C extends HookClient<infer S, infer _O, infer _M, infer _L> ? S : never;
export type ActiveOrganizationOf<C> = C extends HookClient<infer _S, infer O, infer _M, infer _L> ? O : never;
export type ActiveMemberOf<C> = C extends HookClient<infer _S, infer _O, infer M, infer _L> ? M : never;
export type OrganizationsOf<C> = C extends HookClient<infer _S, infer _O, infer _M, infer L> ? L : never;

export type SessionView<S = SessionShape> = SessionState<S> & { refetch: () => Promise<void> };

/** The session view of `client`: `{data, isPending, error, isRefetching}`, plus `refetch`. */
export function useClientSession<S extends SessionShape>(client: HookClient<S, unknown, unknown, unknown>): SessionView<S> {
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
function useOrganizationQuery<T>(client: HookClient, kind: string, needsActive: boolean, load: () => Promise<AuthResult<T>>): AuthQueryState<T> {
  const { data, isPending } = useClientSession(client);
  const version = useOrganizationVersion(client);
  const activeId = data?.session.activeOrganizationId ?? null;
  const key = data && (activeId || !needsActive) ? `${kind}:${data.user.id}:${activeId}:${version}` : null;
  const query = useAuthQuery(key, load);
  return isPending ? { ...query, isPending: true } : query;
}

/** The session's active organization with its members and invitations, or null. */
export function useClientActiveOrganization<O>(client: HookClient<SessionShape, O, unknown, unknown>): AuthQueryState<O> {
  return useOrganizationQuery(client, 'organization', true, () => client.organization.getFullOrganization());
}

/** The signed-in user's membership in the active organization, or null. */
export function useClientActiveMember<M>(client: HookClient<SessionShape, unknown, M, unknown>): AuthQueryState<M> {
  return useOrganizationQuery(client, 'member', true, () => client.organization.getActiveMember());
}

/** The organizations the signed-in user belongs to. */
export function useClientOrganizations<L>(client: HookClient<SessionShape, unknown, unknown, L>): AuthQueryState<L> {
  return useOrganizationQuery(client, 'list', false, () => client.organization.list());
}
