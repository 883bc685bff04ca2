/** What a delivery tells about its endpoint's health (the fields of GET /webhooks/deliveries used here). */
export interface DeliveryOutcome {
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
}

export type Health = 'healthy' | 'degraded' | 'failing' | 'unknown';

/** How many of the newest deliveries the verdict weighs. */
export const HEALTH_WINDOW = 10;

/**
 * An endpoint's health from its newest deliveries (newest first): each tried delivery counts as a success
 * (succeeded) or a failure (failed, or pending after a refused attempt); untried ones do not count.
 * All successes: healthy; all failures: failing; a mix: degraded; none tried yet: unknown.
 */
export function healthOf(deliveries: readonly DeliveryOutcome[]): { health: Health; failed: number; tried: number } {
  const tried = deliveries.filter((d) => d.attempts > 0 && (d.status !== 'pending' || d.lastError !== null)).slice(0, HEALTH_WINDOW);
  const failed = tried.filter((d) => d.status !== 'succeeded').length;
  if (tried.length === 0) return { health: 'unknown', failed, tried: 0 };
  const health = failed === 0 ? 'healthy' : failed === tried.length ? 'failing' : 'degraded';
  return { health, failed, tried: tried.length };
}
