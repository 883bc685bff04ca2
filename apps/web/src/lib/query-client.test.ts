// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followIdentity, invalidate, queryClient, refusalOf, SESSION_KEY, ServerRefusal, sessionIfSelf, unwrap } from './query-client';

/** A stand-in for the client's session store: `set` replaces the state and tells the listeners. */
function sessionStore() {
  let state: { data: { user: { id: string } } | null; isPending: boolean } = { data: null, isPending: true };
  const listeners = new Set<() => void>();
  return {
    refetch: vi.fn(async () => {}),
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(userId: string | null) {
      state = { data: userId ? { user: { id: userId } } : null, isPending: false };
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => queryClient.clear());

describe('the cache follows the person using the app', () => {
  it('keeps answers while the same person stays, drops them when another one (or nobody) comes', () => {
    const session = sessionStore();
    const stop = followIdentity(session);
    session.set('ada');
    queryClient.setQueryData(['admin', 'users'], ['ada sees this']);
    session.set('ada'); // a refetch answering the same person
    expect(queryClient.getQueryData(['admin', 'users'])).toEqual(['ada sees this']);
    session.set('mallory'); // impersonation, another account of the browser
    expect(queryClient.getQueryData(['admin', 'users'])).toBeUndefined();
    queryClient.setQueryData(['me', 'mallory', 'sessions'], ['mallory sees this']);
    session.set(null); // signed out
    expect(queryClient.getQueryData(['me', 'mallory', 'sessions'])).toBeUndefined();
    stop();
  });

  it("an action on the admin's own user names the session, which then loads again; on another user's it does not", async () => {
    const session = sessionStore();
    const stop = followIdentity(session);
    session.set('ada');
    expect(sessionIfSelf('ada')).toEqual([SESSION_KEY]);
    expect(sessionIfSelf('grace')).toEqual([]);
    queryClient.setQueryData(['admin', 'users'], ['listed']);
    invalidate([['admin', 'users'], ...sessionIfSelf('ada')]);
    expect(session.refetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['admin', 'users'])?.isInvalidated).toBe(true);
    invalidate([['admin', 'users'], ...sessionIfSelf('grace')]);
    expect(session.refetch).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('coming back to the tab', () => {
  it("loads the shown queries again on the window's focus, at most every few seconds", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    queryClient.mount(); // as QueryClientProvider does
    let loads = 0;
    const shown = new QueryObserver(queryClient, { queryKey: ['me', 'ada', 'sessions'], queryFn: async () => ++loads });
    const stop = shown.subscribe(() => {});
    await vi.waitFor(() => expect(loads).toBe(1));
    vi.setSystemTime(Date.now() + 60_000);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(loads).toBe(2));
    window.dispatchEvent(new Event('focus')); // at once again: not yet
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(2);
    vi.setSystemTime(Date.now() + 6_000);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(loads).toBe(3));
    stop();
    queryClient.unmount();
    vi.useRealTimers();
  });
});

describe('a client answer as a query', () => {
  it('passes the data through and throws the refusal, which refusalOf gives back as the pages show it', async () => {
    await expect(unwrap(Promise.resolve({ data: { ok: true }, error: null }))).resolves.toEqual({ ok: true });
    const refusal = { message: 'User not found', code: 'USER_NOT_FOUND', status: 404 };
    const thrown = await unwrap(Promise.resolve({ data: null, error: refusal })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ServerRefusal);
    expect(refusalOf(thrown)).toEqual(refusal);
    expect(refusalOf(null)).toBeNull();
    expect(refusalOf(new Error('boom'))).toEqual({ message: 'boom', code: 'CLIENT_ERROR', status: 0 });
  });
});
