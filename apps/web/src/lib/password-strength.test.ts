import { describe, expect, it } from 'vitest';
import { isPasswordRefusal, lengthHint, loadStrengthEstimator } from './password-strength';

describe('password strength', () => {
  it('rates a common password weak with advice in words, a few unrelated words strong', async () => {
    const estimate = await loadStrengthEstimator();
    const weak = estimate('password123', []);
    expect(weak.score).toBeLessThanOrEqual(1);
    expect(['Very weak', 'Weak']).toContain(weak.label);
    expect([weak.warning, ...weak.suggestions].join(' ')).toMatch(/common/i);
    expect(estimate('violet tundra kettle orbit', [])).toMatchObject({ score: 4, label: 'Strong', warning: null });
    // The person's own name counts as guessable.
    expect(estimate('rosalindfranklin', ['Rosalind', 'Franklin']).score).toBeLessThan(estimate('rosalindfranklin', []).score);
    expect(await loadStrengthEstimator()).toBe(estimate);
  });

  it('says the minimum length the policy announced', () => {
    expect(lengthHint(8, 8)).toBe('At least 8 characters.');
    expect(lengthHint(15, 8)).toBe('At least 15 characters (8 with two-factor sign-in).');
    expect(lengthHint(15, 8, true)).toBe('At least 8 characters.');
    expect(lengthHint(15, 8, false)).toBe('At least 15 characters.');
  });

  it('tells the refusals that belong next to the password field', () => {
    expect(isPasswordRefusal({ code: 'PASSWORD_COMPROMISED' })).toBe(true);
    expect(isPasswordRefusal({ code: 'PASSWORD_TOO_SHORT' })).toBe(true);
    expect(isPasswordRefusal({ code: 'INVALID_PASSWORD' })).toBe(false);
    expect(isPasswordRefusal(null)).toBe(false);
  });
});
