import { describe, expect, it } from 'vitest';
import { sharedUntilFailure } from './maybe.js';

describe('sharedUntilFailure', () => {
  it('runs the load once for every caller while it holds, and again after it failed', async () => {
    let calls = 0;
    let fail = true;
    const get = sharedUntilFailure(async () => {
      calls++;
      if (fail) throw new Error('not yet');
      return calls;
    });
    const [a, b] = [get(), get()];
    expect(a).toBe(b);
    await expect(a).rejects.toThrow('not yet');
    expect(calls).toBe(1);
    fail = false;
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(calls).toBe(2);
  });
});
