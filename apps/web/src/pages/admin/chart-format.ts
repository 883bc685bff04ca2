import { currentLanguage } from '../../i18n';

/**
 * A dashboard bucket's label in the app's language: the hour (local time) for 24 hours, the UTC day the
 * server counted otherwise ("14:00" / "2 PM", "23. Nov." / "Nov 23").
 */
export function bucketLabel(start: string, unit: 'hour' | 'day'): string {
  const d = new Date(start);
  if (Number.isNaN(d.getTime())) return start;
  return unit === 'hour'
    ? d.toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(currentLanguage(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** To the second, in the app's language: delivery attempts a few seconds apart must read apart. */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });
}
