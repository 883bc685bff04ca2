import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from './result.js';
import { createSessionStore } from './session-store.js';

type Answer = AuthResult<SessionData | null>;

type SessionData = { session: { id: string }; user: { id: string } };
const signedIn: SessionData = { session: { id: 's1' }, user: { id: 'u1' } };

/** A fetchSession whose answers are released by hand, to control overlap. */
function controlledFetch() {
  const pending: Array<(answer: Answer) => void> = [];
  const fetchSession = vi.fn(() => new Promise<Answer>((resolve) => pending.push(resolve)));
  const release = (answer: Answer) => pending.shift()?.(answer);
  return { fetchSession, release, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createSessionStore', () => {
  it('starts pending and fetches on the first subscription', async () => {
    const fetchSession = vi.fn(async (): Promise<Answer> => ({ data: signedIn, error: null }));
    const store = createSessionStore({ fetchSession });
    expect(store.get()).toEqual({ data: null, isPending: true, error: null, isRefetching: false });
    const unsubscribe = store.subscribe(() => {});
    await flush();
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ data: signedIn, isPending: false, error: null, isRefetching: false });
    unsubscribe();
  });

  it('shares one request between concurrent refetches', async () => {
    const { fetchSession, release } = controlledFetch();
    const store = createSessionStore({ fetchSession });
    const calls = [store.refetch(), store.refetch(), store.refetch()];
    expect(fetchSession).toHaveBeenCalledTimes(1);
    release({ data: signedIn, error: null });
    await flush();
    // Calls made while a request ran share exactly one follow-up request.
    expect(fetchSession).toHaveBeenCalledTimes(2);
    release({ data: signedIn, error: null });
    await Promise.all(calls);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(store.get().data).toBe(signedIn);
  });

  it('reports isRefetching during a refetch after the first answer', async () => {
    const { fetchSession, release } = controlledFetch();
    const store = createSessionStore({ fetchSession });
    const first = store.refetch();
    expect(store.get().isRefetching).toBe(false);
    release({ data: signedIn, error: null });
    await first;
    const second = store.refetch();
    expect(store.get()).toMatchObject({ isRefetching: true, data: signedIn, isPending: false });
    release({ data: null, error: null });
    await second;
    expect(store.get()).toEqual({ data: null, isPending: false, error: null, isRefetching: false });
  });

  it('keeps the last session and reports the error when a refetch fails', async () => {
    const answers: Answer[] = [
      { data: signedIn, error: null },
      { data: null, error: { message: 'Network error', code: 'FETCH_ERROR', status: 0 } },
    ];
    const store = createSessionStore({ fetchSession: async () => answers.shift()! });
    await store.refetch();
    await store.refetch();
    expect(store.get().data).toBe(signedIn);
    expect(store.get().error?.code).toBe('FETCH_ERROR');
  });

  it('notifies subscribers on each change and stops after unsubscribe', async () => {
    const store = createSessionStore({ fetchSession: async () => ({ data: signedIn, error: null }) });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await flush();
    const count = listener.mock.calls.length;
    expect(count).toBeGreaterThan(0);
    unsubscribe();
    await store.refetch();
    expect(listener).toHaveBeenCalledTimes(count);
  });

  it('refetches on window focus at most once per 5 seconds', async () => {
    vi.useFakeTimers();
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    const fetchSession = vi.fn(async (): Promise<Answer> => ({ data: signedIn, error: null }));
    const store = createSessionStore({ fetchSession });
    const unsubscribe = store.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    win.dispatchEvent(new Event('focus'));
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('refetches in other tabs when one broadcasts a change', async () => {
    const channelName = `test-${Math.random()}`;
    const fetchA = vi.fn(async (): Promise<Answer> => ({ data: null, error: null }));
    const fetchB = vi.fn(async (): Promise<Answer> => ({ data: null, error: null }));
    const tabA = createSessionStore({ fetchSession: fetchA, channelName });
    const tabB = createSessionStore({ fetchSession: fetchB, channelName });
    const stopA = tabA.subscribe(() => {});
    const stopB = tabB.subscribe(() => {});
    await flush();
    expect(fetchB).toHaveBeenCalledTimes(1);
    tabA.broadcast();
    await vi.waitFor(() => expect(fetchB).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The sending tab does not hear itself.
    expect(fetchA).toHaveBeenCalledTimes(1);
    stopA();
    stopB();
  });
});
