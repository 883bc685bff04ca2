import type { AuthError, AuthResult } from '@gatehouse/client';
import { useState } from 'react';
import { serverChanged } from './server-state';

export interface Action<I extends unknown[], T> {
  run: (...args: I) => Promise<AuthResult<T>>;
  pending: boolean;
  error: AuthError | null;
  setError: (error: AuthError | null) => void;
}

/**
 * Wraps a client call for a form: `pending` while it runs (to disable its
 * button), `error` holding the server's answer when it fails. Once the server
 * answered, the shown queries and the session view load again (server-state.ts).
 */
export function useAction<I extends unknown[], T>(
  action: (...args: I) => Promise<AuthResult<T>>,
): Action<I, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const run = async (...args: I) => {
    setPending(true);
    setError(null);
    const result = await action(...args);
    setPending(false);
    setError(result.error);
    afterAnswer(result);
    return result;
  };
  return { run, pending, error, setError };
}

/**
 * What follows a call's outcome: a refusal is news from the server too (the session to revoke
 * was already gone, the user removed), so the screen loads again. Not when no answer came, nor
 * when throttled. (`useAction` does this; a call run outside one does it itself.)
 */
export function afterAnswer(result: AuthResult<unknown>): void {
  if (!result.error || (result.error.status > 0 && result.error.status !== 429)) serverChanged();
}

/** A client error made on the page (e.g. "Passwords do not match"), shown like the server's. */
export function localError(message: string): AuthError {
  return { message, code: 'CLIENT_VALIDATION', status: 0 };
}
