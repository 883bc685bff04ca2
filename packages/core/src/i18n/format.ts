/** "1 hour", "24 hours", "30 minutes": how long a link lasts, in the mails' English words. */
export function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** A duration in a locale's words ("1 Stunde", "30 minutes", "24 horas"); English as `describeDuration`. */
export function localDuration(locale: string, seconds: number): string {
  if (locale === 'en') return describeDuration(seconds);
  const [value, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A moment in a locale's words, in UTC; English as `Date.toUTCString()` (what the mails always said). */
export function localDate(locale: string, date: Date): string {
  if (locale === 'en') return date.toUTCString();
  return `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** An operator's locale name that Intl does not know still formats (in Intl's default). */
function intlLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
