import type { AuthContext } from '../../context.js';
import type { SessionRow } from '../../session/types.js';

/** The authentication context classes the provider tells (`acr`): one factor, or more than one. */
export const ACR = { singleFactor: 'urn:gatehouse:sfa', multiFactor: 'urn:gatehouse:mfa' } as const;
export const ACR_VALUES = [ACR.singleFactor, ACR.multiFactor];

/** Sign-in methods that are multi-factor by themselves (a passkey: a device held, unlocked by its owner). */
const MULTI_FACTOR_METHODS = new Set(['passkey']);

/**
 * How a Gatehouse session was signed in: its sign-in event (the audit log's `sign-in.success`
 * recorded right after the session was made) says the method and whether a second factor was
 * passed. A session whose event cannot be found counts as single-factor.
 */
export async function acrOf(auth: AuthContext, session: SessionRow): Promise<{ acr: string; amr?: string[] }> {
  const [event] = await auth.adapter.findMany<{ details: { method?: string; secondFactor?: boolean } | null }>('auditEvent', {
    where: [
      { field: 'type', value: 'sign-in.success' },
      { field: 'userId', value: session.userId },
      { field: 'createdAt', value: new Date(session.createdAt), operator: 'gte' },
    ],
    sortBy: { field: 'createdAt', direction: 'asc' },
    limit: 1,
  });
  const method = event?.details?.method ?? 'unknown';
  const multi = event?.details?.secondFactor === true || MULTI_FACTOR_METHODS.has(method);
  // amr (RFC 8176): `mfa` for more than one factor, `pwd` for a password alone; other single methods tell none.
  if (multi) return { acr: ACR.multiFactor, amr: ['mfa'] };
  return { acr: ACR.singleFactor, ...(method === 'password' ? { amr: ['pwd'] } : {}) };
}
