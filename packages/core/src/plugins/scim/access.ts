import type { Adapter, AuthContext, DatabaseHooks, HookServices } from '../../kit.js';
import { scimRouteError } from './errors.js';
import type { ScimUserRow } from './schema.js';

/** The ban reason SCIM writes where the admin plugin's ban fields exist (an admin's own ban is never lifted by SCIM). */
export const SCIM_BAN_REASON = 'Deprovisioned by the organization directory (SCIM)';

/** True when the account was deprovisioned (active false or deleted) by its directory. */
export async function isDeprovisioned(adapter: HookServices['adapter'], userId: string): Promise<boolean> {
  const link = await adapter.findOne<ScimUserRow>('scimUser', [{ field: 'userId', value: userId }]);
  return !!link && (!link.active || link.deleted);
}

/** Refuses a deprovisioned person: 403 BANNED_USER, as a ban. */
export async function enforceProvisioned(adapter: HookServices['adapter'], userId: string): Promise<void> {
  if (await isDeprovisioned(adapter, userId)) throw scimRouteError('FORBIDDEN', 'BANNED_USER');
}

/** Every way of signing in ends in a new session: a deprovisioned person gets none. */
export const provisioningHooks = (services: HookServices): DatabaseHooks => ({
  session: {
    create: {
      async before(data) {
        if (typeof data.userId === 'string') await enforceProvisioned(services.adapter, data.userId);
      },
    },
  },
});

/**
 * Makes the account follow its User's `active` (inside the write's transaction): a member of the
 * organization with role `member` while active, not a member otherwise; where the admin plugin's ban
 * fields exist, banned while inactive (so API keys and the admin console see it too).
 */
export async function applyActive(auth: AuthContext, trx: Adapter, link: Pick<ScimUserRow, 'organizationId' | 'userId'>, active: boolean): Promise<void> {
  const member = [
    { field: 'organizationId', value: link.organizationId },
    { field: 'userId', value: link.userId },
  ];
  if (active) {
    const existing = await trx.findOne('member', member);
    if (!existing) await trx.create('member', { organizationId: link.organizationId, userId: link.userId, role: 'member' });
  } else {
    await trx.delete('member', member);
  }
  if (!auth.schema.user?.fields.banned) return;
  const user = await trx.findOne<{ banned?: boolean; banReason?: string | null }>('user', [{ field: 'id', value: link.userId }]);
  if (!user) return;
  if (!active && !user.banned) await trx.update('user', [{ field: 'id', value: link.userId }], { banned: true, banReason: SCIM_BAN_REASON, banExpires: null });
  if (active && user.banned && user.banReason === SCIM_BAN_REASON)
    await trx.update('user', [{ field: 'id', value: link.userId }], { banned: false, banReason: null, banExpires: null });
}

/** After a deprovisioning commits: every session of the person ends (the store's hooks tell the secondary storage). */
export async function endSessions(auth: AuthContext, userId: string): Promise<void> {
  await auth.sessions.revokeAll(userId);
}
