import type { AuthError, AuthResult } from '@gatehouse/client';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidate } from './query-client';
import { serverChanged } from './reload-all';

export interface Action<I extends unknown[], T> {
  run: (...args: I) => Promise<AuthResult<T>>;
  pending: boolean;
  error: AuthError | null;
  setError: (error: AuthError | null) => void;
}

/**
 * What an action changes on the server, as the query keys to load again (lib/queries.ts `keys`):
 * a list, or a function of the call's answer and arguments. `[]`: nothing shown (the session, which
 * the client refetches itself after the calls that change it, aside).
 */
export type Changes<I extends unknown[] = unknown[], T = unknown> = readonly QueryKey[] | ((result: AuthResult<T>, ...args: I) => readonly QueryKey[]);

export interface ActionOptions<I extends unknown[], T> {
  invalidates: Changes<I, T>;
}

/**
 * Wraps a client call for a form: `pending` while it runs (to disable its
 * button), `error` holding the server's answer when it fails. Once the server
 * answered, the queries named by `options.invalidates` load again (lib/queries.ts).
 * Without options (an action that changes the whole view: signing in or out), everything
 * shown and the session view load again (reload-all.ts).
 */
export function useAction<I extends unknown[], T>(action: (...args: I) => Promise<AuthResult<T>>, options?: ActionOptions<I, T>): Action<I, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const run = async (...args: I) => {
    setPending(true);
    setError(null);
    const result = await action(...args);
    setPending(false);
    setError(result.error);
    afterAnswer(result, options && (typeof options.invalidates === 'function' ? options.invalidates(result, ...args) : options.invalidates));
    return result;
  };
  return { run, pending, error, setError };
}

/**
 * What follows a call's outcome: a refusal is news from the server too (the session to revoke
 * was already gone, the user removed), so what it names loads again. Not when no answer came, nor
 * when throttled. (`useAction` does this; a call run outside one does it itself.) `changed`
 * omitted: everything shown loads again (the old way, for the pages that do not name it yet).
 */
export function afterAnswer(result: AuthResult<unknown>, changed?: readonly QueryKey[]): void {
  if (result.error && (result.error.status === 0 || result.error.status === 429)) return;
  if (!changed) serverChanged();
  else invalidate(changed);
}

/** A client error made on the page (e.g. "Passwords do not match"), shown like the server's. */
export function localError(message: string): AuthError {
  return { message, code: 'CLIENT_VALIDATION', status: 0 };
}
