import { currentLanguage } from '../i18n';

/** "21 Nov 2025, 14:03" in the app's language, or the raw value if it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** "12,345" / "12.345" in the app's language. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(value);
}
