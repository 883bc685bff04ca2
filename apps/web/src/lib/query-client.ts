import type { AuthError, AuthResult } from '@gatehouse/client';
import { focusManager, QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * TanStack Query's cache: every server read of the app (lib/queries.ts). A page that opens shows what
 * the cache holds at once and loads it again (others act too: a webhook worker, another admin), as it
 * does when the tab comes back or the network returns; the actions invalidate what they change
 * (use-action.ts). A refusal is not retried (the server said no); no answer at all is, once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 0,
      retry: (failures, error) => failures < 1 && error instanceof ServerRefusal && error.error.status === 0,
    },
  },
});

/**
 * Coming back to the tab loads the shown queries again (others may have acted meanwhile: an
 * invitation accepted, a session ended): on the window's focus as well as on the page becoming
 * visible (TanStack Query listens only to the latter), at most every few seconds.
 */
const FOCUS_THROTTLE_MS = 5000;
focusManager.setEventListener((handleFocus) => {
  if (typeof window === 'undefined') return;
  let last = 0;
  const onReturn = () => {
    if (document.visibilityState !== 'visible' || Date.now() - last < FOCUS_THROTTLE_MS) return;
    last = Date.now();
    handleFocus();
  };
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
  return () => {
    window.removeEventListener('focus', onReturn);
    document.removeEventListener('visibilitychange', onReturn);
  };
});

/** The server's refusal (status, code, message) as TanStack Query's error. */
export class ServerRefusal extends Error {
  constructor(readonly error: AuthError) {
    super(error.message);
  }
}

/** A client call as a TanStack query function: its data, or a thrown `ServerRefusal`. */
export async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new ServerRefusal(error);
  return data as T;
}

/** A query's error as the pages' `<ErrorMessage>` shows it. */
export function refusalOf(error: unknown): AuthError | null {
  if (!error) return null;
  if (error instanceof ServerRefusal) return error.error;
  return { message: error instanceof Error ? error.message : String(error), code: 'CLIENT_ERROR', status: 0 };
}

/**
 * Stands for the signed-in person's session in an action's list of changes (use-action.ts): the
 * session is the client's store, not a query, and naming it makes the client load it again. The
 * client does so itself after the calls that change the caller's session; this is for the calls that
 * change it from outside (an admin acting on their own user: their role, their sessions).
 */
export const SESSION_KEY = ['session'] as const;

let known: string | null | undefined;
let reloadSession: (() => Promise<void>) | null = null;

/** `[SESSION_KEY]` when `userId` is the person signed in here, else `[]`. */
export const sessionIfSelf = (userId: string): QueryKey[] => (known === userId ? [SESSION_KEY] : []);

/** Marks the given queries stale (the shown ones load again); `SESSION_KEY` reloads the session. */
export function invalidate(changed: readonly QueryKey[]): void {
  for (const queryKey of changed) {
    if (queryKey[0] === SESSION_KEY[0]) void reloadSession?.();
    else void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Drops what the cache holds when the person using the app changes (signed out, another account
 * of the browser, impersonation started or stopped): nothing one person loaded is shown to the next.
 * Unshown answers go; shown ones start again from empty. Returns the unsubscribe.
 */
export function followIdentity(session: {
  subscribe(listener: () => void): () => void;
  get(): { data: { user: { id: string } } | null; isPending: boolean };
  refetch(): Promise<void>;
}): () => void {
  reloadSession = session.refetch;
  return session.subscribe(() => {
    const state = session.get();
    if (state.isPending) return;
    const current = state.data?.user.id ?? null;
    if (known !== undefined && current !== known) {
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.resetQueries({ type: 'active' });
    }
    known = current;
  });
}
