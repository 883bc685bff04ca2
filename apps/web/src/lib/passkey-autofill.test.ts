import type { AuthError, AuthResult } from '@gatehouse/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOFILL_RENEW_MS, keepAutofillOpen } from './passkey-autofill';

type Outcome = AuthResult<{ token: string }>;

const aborted: Outcome = { data: null, error: { message: 'The passkey request was stopped.', code: 'ABORTED', status: 0 } };
const timedOut: Outcome = { data: null, error: { message: 'The passkey request was cancelled or timed out.', code: 'CLIENT_VALIDATION', status: 0 } };
const refused = (code: string, status = 401): Outcome => ({ data: null, error: { message: code, code, status } });
const signedIn: Outcome = { data: { token: 't' }, error: null };

/** A keeper whose requests the test settles one by one. */
function harness() {
  const requests: ((o: Outcome) => void)[] = [];
  const signIns: unknown[] = [];
  const refusals: AuthError[] = [];
  const cancel = vi.fn();
  const stop = keepAutofillOpen({
    attempt: () => new Promise<Outcome>((resolve) => requests.push(resolve)),
    onSignedIn: (d) => signIns.push(d),
    onRefused: (e) => refusals.push(e),
    cancel,
  });
  /** Settles request `i` and lets its outcome run. */
  const settle = async (i: number, o: Outcome) => {
    requests[i]!(o);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { requests, signIns, refusals, cancel, stop, settle };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keepAutofillOpen: the autofill passkey request stays on offer', () => {
  it('renews the request every 4.5 minutes, before its 5-minute challenge expires', async () => {
    const h = harness();
    expect(AUTOFILL_RENEW_MS).toBeLessThan(300_000);
    expect(h.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS - 1);
    expect(h.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS);
    expect(h.requests).toHaveLength(3);
    h.stop();
  });

  it('drops the outcome of a replaced request: its abort, its timeout or a late refusal leave nothing on screen', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS);
    expect(h.requests).toHaveLength(3);
    await h.settle(0, aborted);
    await h.settle(1, refused('CHALLENGE_NOT_FOUND', 400));
    expect(h.refusals).toEqual([]);
    expect(h.signIns).toEqual([]);
    // No extra request was started by the stale outcomes, and the renewal goes on.
    expect(h.requests).toHaveLength(3);
    await h.settle(2, signedIn);
    expect(h.signIns).toEqual([{ token: 't' }]);
  });

  it('signs in once with the current request, then renews no more', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(60_000);
    await h.settle(0, signedIn);
    expect(h.signIns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS * 3);
    expect(h.requests).toHaveLength(1);
  });

  it('shows a refusal of the person’s pick and offers the autofill again', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(30_000);
    await h.settle(0, refused('PASSKEY_NOT_FOUND'));
    expect(h.refusals.map((e) => e.code)).toEqual(['PASSKEY_NOT_FOUND']);
    expect(h.requests).toHaveLength(2);
    // The new request has its own renewal schedule.
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS);
    expect(h.requests).toHaveLength(3);
    h.stop();
  });

  it('starts a fresh request, silently, when the browser ends the current one itself', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(100_000);
    await h.settle(0, timedOut);
    expect(h.refusals).toEqual([]);
    expect(h.requests).toHaveLength(2);
    h.stop();
  });

  it('does not loop when a request fails at once, nor when throttled', async () => {
    const h = harness();
    await h.settle(0, timedOut);
    expect(h.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS * 2);
    expect(h.requests).toHaveLength(1);

    const g = harness();
    await vi.advanceTimersByTimeAsync(10_000);
    await g.settle(0, refused('TOO_MANY_REQUESTS', 429));
    expect(g.refusals.map((e) => e.code)).toEqual(['TOO_MANY_REQUESTS']);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS * 2);
    expect(g.requests).toHaveLength(1);
  });

  it('ends when the button’s request aborts the current one', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(5_000);
    await h.settle(0, aborted);
    expect(h.refusals).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS * 2);
    expect(h.requests).toHaveLength(1);
  });

  it('stops on leaving the page: the waiting request is cancelled, its outcome ignored, no renewal', async () => {
    const h = harness();
    h.stop();
    expect(h.cancel).toHaveBeenCalledTimes(1);
    await h.settle(0, signedIn);
    expect(h.signIns).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTOFILL_RENEW_MS * 2);
    expect(h.requests).toHaveLength(1);
  });
});
