import type { AuthResult } from '@gatehouse/client';
import { type AuthQueryState, useAuthQuery } from '@gatehouse/react';
import { useSyncExternalStore } from 'react';
import { auth } from '../auth';

/**
 * The one way the screens follow the server: whatever a page shows is loaded
 * with `useServerQuery`, and every action that succeeded (`useAction`) calls
 * `serverChanged()`. That reads the session again (an action may have changed
 * the person's own role, sessions or account) and loads every shown query
 * (the organization hooks too) again, so no screen keeps what the server no
 * longer holds. The answers shown
 * stay on screen until the new ones arrive.
 */
let version = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getVersion = () => version;

/** Tells every shown query, and the session view, that the server's state changed. */
export function serverChanged(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
  void auth.$store.session.refetch();
  // The organization hooks of @gatehouse/react load again on this signal (the client bumps it
  // only after an organization write that succeeded).
  auth.$store.organization.bump();
}

/** `useAuthQuery`, loaded again after every `serverChanged()`. `key === null`: nothing to load. */
export function useServerQuery<T>(key: string | null, load: () => Promise<AuthResult<T>>): AuthQueryState<T> {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  return useAuthQuery(key === null ? null : `${key}@${current}`, load);
}
