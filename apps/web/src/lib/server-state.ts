import type { AuthResult } from '@gatehouse/client';
import { type AuthQueryState, useAuthQuery } from '@gatehouse/react';
import { useSyncExternalStore } from 'react';
import { auth } from '../auth';
import { queryClient } from './query-client';

/**
 * The one way the screens follow the server: whatever a page shows is loaded
 * with `useServerQuery`, and every action the server answered (`useAction`,
 * refusals included) calls `serverChanged()`. That reads the session again (an
 * action may have changed the person's own role, sessions or account) and loads
 * every shown query (the organization hooks too) again, so no screen keeps what
 * the server no longer holds. The answers shown stay until the new ones arrive.
 * The admin console loads through TanStack Query instead (query-client.ts): `serverChanged()`
 * invalidates its cache too, so both kinds of page follow the same actions.
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
