import type { Adapter, AuthContext, Row } from '../../kit.js';
import { digest } from './store.js';

/** A session an SSO sign-in opened (table `ssoSession`). */
export interface SsoSessionRow extends Row {
  id: string;
  sessionId: string;
  userId: string;
  providerId: string;
  subjectKey: string;
  nameID: string;
  nameIDFormat?: string | null;
  sessionIndex?: string | null;
  expiresAt: Date;
}

export const subjectKeyOf = (providerId: string, nameID: string) => digest(`${providerId} ${nameID}`);

/** Records what the IdP named a new session by (its NameID and SessionIndex), for single logout and for require-SSO. */
export async function recordSsoSession(
  auth: AuthContext,
  input: { sessionId: string; userId: string; providerId: string; nameID: string; nameIDFormat?: string; sessionIndex?: string; expiresAt: Date },
): Promise<void> {
  await auth.adapter.delete('ssoSession', [{ field: 'expiresAt', value: new Date(auth.now()), operator: 'lt' }]);
  await auth.adapter.create('ssoSession', {
    sessionId: input.sessionId,
    userId: input.userId,
    providerId: input.providerId,
    subjectKey: subjectKeyOf(input.providerId, input.nameID),
    nameID: input.nameID,
    nameIDFormat: input.nameIDFormat ?? null,
    sessionIndex: input.sessionIndex ?? null,
    expiresAt: input.expiresAt,
  });
}

export function ssoSessionOf(db: Adapter, sessionId: string): Promise<SsoSessionRow | null> {
  return db.findOne<SsoSessionRow>('ssoSession', [{ field: 'sessionId', value: sessionId }]);
}

/** The sessions of (provider, NameID), only those of the given SessionIndexes when any are named. */
export async function sessionsOfSubject(auth: AuthContext, providerId: string, nameID: string, sessionIndexes: readonly string[]): Promise<SsoSessionRow[]> {
  const rows = await auth.adapter.findMany<SsoSessionRow>('ssoSession', { where: [{ field: 'subjectKey', value: subjectKeyOf(providerId, nameID) }] });
  return rows.filter(
    (r) => r.providerId === providerId && r.nameID === nameID && (!sessionIndexes.length || (!!r.sessionIndex && sessionIndexes.includes(r.sessionIndex))),
  );
}

/** Ends sessions (the core's revoke: database and secondary storage) and forgets their SSO rows. */
export async function endSessions(auth: AuthContext, rows: readonly SsoSessionRow[]): Promise<void> {
  for (const r of rows) {
    await auth.sessions.revoke(r.sessionId);
    await auth.adapter.delete('ssoSession', [{ field: 'id', value: r.id }]);
  }
}
