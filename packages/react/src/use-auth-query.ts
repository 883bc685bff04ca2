import type { AuthError, AuthResult } from '@gatehouse/client';
import { useCallback, useEffect, useState } from 'react';

export interface AuthQueryState<T> {
  data: T | null;
  error: AuthError | null;
  isPending: boolean;
  refetch: () => void;
}

/**
 * Runs `load` whenever `key` changes (or `refetch` is called) and keeps the
 * latest answer; answers of superseded loads are dropped. `key === null`
 * means there is nothing to load.
 */
export function useAuthQuery<T>(key: string | null, load: () => Promise<AuthResult<T>>): AuthQueryState<T> {
  const [state, setState] = useState<{ data: T | null; error: AuthError | null; done: string | null }>({ data: null, error: null, done: null });
  const [tick, setTick] = useState(0);
  const refetch = useCallback(() => setTick((n) => n + 1), []);

  // `load` is deliberately left out: callers pass a new closure each render,
  // and what it loads is fully described by `key`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (key === null) {
      setState({ data: null, error: null, done: null });
      return;
    }
    let current = true;
    const loadKey = `${key}#${tick}`;
    void load().then(({ data, error }) => {
      if (current) setState({ data, error, done: loadKey });
    });
    return () => {
      current = false;
    };
  }, [key, tick]);

  const isPending = key !== null && state.done !== `${key}#${tick}`;
  return { data: state.data, error: state.error, isPending, refetch };
}
