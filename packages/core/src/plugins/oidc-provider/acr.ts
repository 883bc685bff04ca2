import type { AuthContext, SessionRow } from '../../kit.js';

/** The authentication context classes the provider tells (`acr`): one factor, or more than one. */
export const ACR = { singleFactor: 'urn:gatehouse:sfa', multiFactor: 'urn:gatehouse:mfa' } as const;
export const ACR_VALUES = [ACR.singleFactor, ACR.multiFactor];

/** Sign-in methods that are multi-factor by themselves (a passkey: a device held, unlocked by its owner). */
const MULTI_FACTOR_METHODS = new Set(['passkey']);

/** How long after a session was made its sign-in event may be recorded (ms). */
const EVENT_WINDOW_MS = 10_000;

type SignInEvent = { ipAddress: string | null; userAgent: string | null; details: { method?: string; secondFactor?: boolean } | null };

/**
 * How a Gatehouse session was signed in: its sign-in event (the audit log's `sign-in.success`,
 * recorded right after the session was made, from the same address and browser) says the
 * method and whether a second factor was passed. A session whose event cannot be found (one
 * made at sign-up, say) counts as single-factor.
 */
export async function acrOf(auth: AuthContext, session: SessionRow): Promise<{ acr: string; amr?: string[] }> {
  const made = new Date(session.createdAt).getTime();
  const events = await auth.adapter.findMany<SignInEvent>('auditEvent', {
    where: [
      { field: 'type', value: 'sign-in.success' },
      { field: 'userId', value: session.userId },
      { field: 'createdAt', value: new Date(made), operator: 'gte' },
      { field: 'createdAt', value: new Date(made + EVENT_WINDOW_MS), operator: 'lte' },
    ],
    sortBy: { field: 'createdAt', direction: 'asc' },
    limit: 20,
  });
  const event = events.find((e) => (e.ipAddress ?? null) === (session.ipAddress ?? null) && (session.userAgent ?? '').slice(0, 500) === (e.userAgent ?? ''));
  const method = event?.details?.method ?? 'unknown';
  const multi = event?.details?.secondFactor === true || MULTI_FACTOR_METHODS.has(method);
  // amr (RFC 8176): `mfa` for more than one factor, `pwd` for a password alone; other single methods tell none.
  if (multi) return { acr: ACR.multiFactor, amr: ['mfa'] };
  return { acr: ACR.singleFactor, ...(method === 'password' ? { amr: ['pwd'] } : {}) };
}
