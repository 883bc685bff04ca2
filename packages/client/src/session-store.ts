import type { AuthError, AuthResult } from './result.js';

/** The client's view of the session (`D`: get-session's answer). Replaced (never mutated) on every change. */
export interface SessionState<D = unknown> {
  data: D | null;
  /** True until the first answer arrives. */
  isPending: boolean;
  error: AuthError | null;
  /** True while a refetch runs after the first answer. */
  isRefetching: boolean;
}

export interface SessionStore<D = unknown> {
  get(): SessionState<D>;
  /** Listens for changes; the first listener triggers the first fetch. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Fetches the session again. Concurrent calls share requests (see `refetch` below). */
  refetch(): Promise<void>;
  /** Tells the other tabs of this origin that the session changed. */
  broadcast(): void;
}

export interface SessionStoreOptions<D> {
  fetchSession: () => Promise<AuthResult<D | null>>;
  /** BroadcastChannel name shared by the tabs. */
  channelName?: string;
  /** Minimum time between refetches caused by window focus, in ms. */
  focusThrottleMs?: number;
}

const INITIAL: SessionState<never> = { data: null, isPending: true, error: null, isRefetching: false };

export function createSessionStore<D>(options: SessionStoreOptions<D>): SessionStore<D> {
  const channelName = options.channelName ?? 'gatehouse-session';
  const throttleMs = options.focusThrottleMs ?? 5000;
  const listeners = new Set<() => void>();
  let state: SessionState<D> = INITIAL;
  let inflight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let lastFetchAt = 0;
  let stopWatching: (() => void) | null = null;
  let channel: BroadcastChannel | null = null;

  const set = (next: SessionState<D>) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const run = async () => {
    lastFetchAt = Date.now();
    if (!state.isPending) set({ ...state, isRefetching: true });
    const { data, error } = await options.fetchSession();
    // A failed refetch keeps the last known session: a network hiccup is not a sign-out.
    if (error) set({ data: state.data, error, isPending: false, isRefetching: false });
    else set({ data: data ?? null, error: null, isPending: false, isRefetching: false });
  };

  /**
   * Concurrent refetches are deduplicated: at most one request runs, and calls
   * made while it runs share one follow-up request, so that a change made after
   * the running request started (a sign-in, say) is still seen.
   */
  const refetch = (): Promise<void> => {
    if (!inflight) {
      inflight = run().finally(() => {
        inflight = null;
      });
      return inflight;
    }
    queued ??= inflight.then(() => {
      queued = null;
      return refetch();
    });
    return queued;
  };

  const onFocus = () => {
    if (Date.now() - lastFetchAt >= throttleMs) void refetch();
  };
  const onVisibility = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') onFocus();
  };

  const watch = (): (() => void) => {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
    if (channel) channel.onmessage = () => void refetch();
    const win = typeof window === 'undefined' ? null : window;
    win?.addEventListener?.('focus', onFocus);
    if (typeof document !== 'undefined') document.addEventListener?.('visibilitychange', onVisibility);
    return () => {
      channel?.close();
      channel = null;
      win?.removeEventListener?.('focus', onFocus);
      if (typeof document !== 'undefined') {
        document.removeEventListener?.('visibilitychange', onVisibility);
      }
    };
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) stopWatching = watch();
      if (state.isPending && !inflight) void refetch();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopWatching?.();
          stopWatching = null;
        }
      };
    },
    refetch,
    broadcast() {
      // Posting on our own channel keeps this tab from hearing its own message.
      if (channel) {
        channel.postMessage({ type: 'session-changed' });
        return;
      }
      if (typeof BroadcastChannel === 'undefined') return;
      const once = new BroadcastChannel(channelName);
      once.postMessage({ type: 'session-changed' });
      once.close();
    },
  };
}
