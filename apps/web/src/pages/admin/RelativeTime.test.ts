import '../../i18n';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { relativeTime } from './RelativeTime';

const NOW = Date.parse('2026-11-27T15:00:00Z');

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('relativeTime', () => {
  it('says a moment as a short relative time in the app’s language', async () => {
    await i18n.changeLanguage('en');
    expect(relativeTime('2026-11-27T14:59:50Z', NOW)).toBe('now');
    expect(relativeTime('2026-11-27T14:57:00Z', NOW)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-27T12:00:00Z', NOW)).toBe('3 hours ago');
    expect(relativeTime('2026-11-26T15:00:00Z', NOW)).toBe('yesterday');
    await i18n.changeLanguage('de');
    expect(relativeTime('2026-11-27T14:57:00Z', NOW)).toBe('vor 3 Minuten');
    expect(relativeTime('2025-11-27T15:00:00Z', NOW)).toBe('letztes Jahr');
  });
  it('gives back a value that is not a date as it is', () => {
    expect(relativeTime('not a date', NOW)).toBe('not a date');
  });
});
