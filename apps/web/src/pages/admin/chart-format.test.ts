import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { bucketLabel, formatTime } from './chart-format';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe("the dashboard's axis labels follow the app's language", () => {
  it('writes a UTC day as each language does', async () => {
    await i18n.changeLanguage('en');
    expect(bucketLabel('2026-11-23T00:00:00.000Z', 'day')).toBe('Nov 23');
    await i18n.changeLanguage('de');
    expect(bucketLabel('2026-11-23T00:00:00.000Z', 'day')).toBe('23. Nov.');
    await i18n.changeLanguage('es');
    expect(bucketLabel('2026-11-23T00:00:00.000Z', 'day')).toBe('23 nov');
  });

  it('keeps a value that is not a date as it is', () => {
    expect(bucketLabel('soon', 'hour')).toBe('soon');
    expect(formatTime('soon')).toBe('soon');
  });
});
