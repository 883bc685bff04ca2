import type { AuthError, AuthResult } from '@gatehouse/client';

/**
 * A passkey request waiting in the email field's autofill (conditional mediation) may wait for
 * as long as the page is open, but its challenge is good for 5 minutes only (the server's
 * options: timeout 300000, and the challenge cookie). So it is renewed before then: a new
 * request with fresh options takes its place (starting a WebAuthn request aborts the waiting
 * one). 4.5 minutes leaves room for a request that starts late.
 */
export const AUTOFILL_RENEW_MS = 270_000;

/** A request that failed this fast is not started again at once (the browser refuses outright). */
const MIN_LIFE_MS = 2_000;

export interface AutofillKeeper<T> {
  /** One autofill request: get fresh options, wait for the person's pick, verify it. */
  attempt: () => Promise<AuthResult<T>>;
  /** The current request signed the person in. */
  onSignedIn: (data: T) => void;
  /** The server refused the passkey the person picked (shown; the autofill stays on offer). */
  onRefused: (error: AuthError) => void;
  /** Stops the waiting request (leaving the page). */
  cancel: () => void;
  renewEvery?: number;
  /** The clock and timers (tests move them). */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Keeps a passkey autofill request on offer until stopped: renewed every `renewEvery` ms, started
 * again after the browser ends one on its own (its timeout) or the server refuses the pick. Only
 * the newest request's outcome counts: a replaced (stale) request's abort or error is dropped,
 * so it never leaves a message on the screen. A request stopped from outside (the "Sign in with a
 * passkey" button starts its own, which aborts this one) ends the keeping. Answers `stop`.
 */
export function keepAutofillOpen<T>(keeper: AutofillKeeper<T>): () => void {
  const renewEvery = keeper.renewEvery ?? AUTOFILL_RENEW_MS;
  const now = keeper.now ?? Date.now;
  const setTimer = keeper.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = keeper.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let generation = 0;
  let timer: unknown = null;
  let stopped = false;

  const halt = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const start = () => {
    if (stopped) return;
    const mine = ++generation;
    const startedAt = now();
    halt();
    timer = setTimer(start, renewEvery);
    void keeper.attempt().then((result) => {
      // Replaced by a newer request, or the page is gone: this outcome is stale.
      if (stopped || mine !== generation) return;
      halt();
      if (!result.error) {
        stopped = true;
        keeper.onSignedIn(result.data as T);
        return;
      }
      const { error } = result;
      // Stopped from outside: the button's request took over.
      if (error.code === 'ABORTED') return;
      // A refusal of the server answers the person's pick: shown. The browser ending the request
      // itself (e.g. its timeout, past a late renewal) is nothing the person did: not shown.
      if (error.status > 0) keeper.onRefused(error);
      // A fresh request stays on offer, unless this one ended too fast to have waited for anyone
      // (the browser or the server refuses outright: no loop) or the server asked to slow down.
      if (error.status !== 429 && now() - startedAt >= MIN_LIFE_MS) start();
    });
  };

  start();
  return () => {
    stopped = true;
    halt();
    keeper.cancel();
  };
}
