import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOWER_ALPHANUMERIC, generateId, randomString } from './random.js';

describe('randomString', () => {
  it('has the length asked for, over the alphabet given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.constantFrom(LOWER_ALPHANUMERIC, '0123456789', 'ab', undefined), (length, alphabet) => {
        const s = randomString(length, alphabet);
        expect(s).toHaveLength(length);
        expect(s).toMatch(alphabet ? new RegExp(`^[${alphabet}]*$`) : /^[A-Za-z0-9]*$/);
      }),
    );
  });

  it('never repeats an identifier, across many refills of its byte pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(generateId());
    expect(seen.size).toBe(20_000);
  });

  it('gives ids that sort as their creation times, 32 letters and digits each', async () => {
    const first = generateId();
    await new Promise((r) => setTimeout(r, 3));
    const later = Array.from({ length: 50 }, generateId);
    for (const id of [first, ...later]) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    for (const id of later) expect(Buffer.compare(Buffer.from(first), Buffer.from(id))).toBe(-1);
    // Ids of the same millisecond share their prefix; the random rest tells them apart.
    expect(new Set(later.map((id) => id.slice(8))).size).toBe(50);
  });

  it('uses every character about equally: no modulo bias (62 does not divide 256)', () => {
    const counts = new Map<string, number>();
    const draws = 620_000;
    for (const c of randomString(draws)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 10 000 each, standard deviation ≈ 99: ± 600 is six of them.
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(600);
  });
});
