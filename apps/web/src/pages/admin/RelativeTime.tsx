import { currentLanguage } from '../../i18n';
import { formatDate } from '../../lib/format';

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago" / "vor 3 Minuten" in the app's language (Intl names the units), from `now`. */
export function relativeTime(value: string | Date, now: number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'auto', style: 'long' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      // Under a minute is "now" (numeric: auto names 0 seconds so).
      if (unit === 'second' && Math.abs(seconds) < 45) return format.format(0, 'second');
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return formatDate(date.toISOString());
}

/**
 * A moment as a relative time that never wraps, the exact date and time on hover (title) and for
 * machines (datetime).
 */
export function RelativeTime({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  const iso = new Date(value).toISOString();
  return (
    <time className="relative-time" dateTime={iso} title={formatDate(iso)}>
      {relativeTime(value)}
    </time>
  );
}
