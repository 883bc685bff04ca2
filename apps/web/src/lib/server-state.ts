import type { AuthResult } from '@gatehouse/client';
import { type AuthQueryState, useAuthQuery } from '@gatehouse/react';
import { useSyncExternalStore } from 'react';
import { auth } from '../auth';
import { queryClient } from './query-client';

/**
 * The old way the screens followed the server, kept for the pages not yet moved to TanStack Query
 * (lib/queries.ts; see docs/app.md): they load with `useServerQuery`, and an action that names no
 * keys (`useAction` without `invalidates`) calls `serverChanged()`. That reads the session again and
 * loads every shown query again: these, the organization hooks of @gatehouse/react and TanStack
 * Query's whole cache, so both kinds of page follow those actions. Goes away with its last user.
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
  reloadQueries();
  void queryClient.invalidateQueries();
  void auth.$store.session.refetch();
}

function reloadQueries(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
  // The organization hooks of @gatehouse/react load again on this signal (the client bumps it
  // only after an organization write that succeeded).
  auth.$store.organization.bump();
}

/**
 * Coming back to the tab loads the shown queries again too (others may have acted meanwhile: an
 * invitation accepted, a session ended), at most every few seconds. The session view does the
 * same on its own (the client's session store).
 */
const FOCUS_THROTTLE_MS = 5000;
let lastFocusLoad = 0;
function onReturn(): void {
  if (document.visibilityState !== 'visible' || Date.now() - lastFocusLoad < FOCUS_THROTTLE_MS) return;
  lastFocusLoad = Date.now();
  reloadQueries();
}
if (typeof window !== 'undefined') {
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
}

/** `useAuthQuery`, loaded again after every `serverChanged()` and on coming back to the tab; `key === null`: nothing to load. */
export function useServerQuery<T>(key: string | null, load: () => Promise<AuthResult<T>>): AuthQueryState<T> {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  return useAuthQuery(key === null ? null : `${key}@${current}`, load);
}
