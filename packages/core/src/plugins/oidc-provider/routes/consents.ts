import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { findApplication } from '../applications.js';
import { oidcError } from '../errors.js';
import { oidcState } from '../state.js';

type ConsentRow = {
  clientId: string;
  scopes: string;
  createdAt: Date;
  updatedAt: Date;
};

/** GET /oauth2/list-consents (signed in): the applications the caller let in, with the scopes. */
export const listConsents = defineEndpoint({
  method: 'GET',
  path: '/oauth2/list-consents',
  requireSession: true,
  async handler(c) {
    const rows = await c.auth.adapter.findMany<ConsentRow>('oauthConsent', {
      where: [{ field: 'userId', value: c.session.user.id }],
      sortBy: { field: 'createdAt', direction: 'asc' },
    });
    const out: { clientId: string; name: string; scopes: string[]; createdAt: Date; updatedAt: Date }[] = [];
    for (const r of rows) {
      const app = await findApplication(c.auth, r.clientId);
      if (app) out.push({ clientId: r.clientId, name: app.name, scopes: r.scopes.split(' ').filter(Boolean), createdAt: r.createdAt, updatedAt: r.updatedAt });
    }
    return out;
  },
});

/** POST /oauth2/revoke-consent { clientId } (signed in): forgets the consent and revokes the application's grants and tokens. */
export const revokeConsent = defineEndpoint({
  method: 'POST',
  path: '/oauth2/revoke-consent',
  requireSession: true,
  body: z.object({ clientId: z.string().min(1) }),
  async handler(c) {
    const userId = c.session.user.id;
    const removed = await c.auth.adapter.delete('oauthConsent', [
      { field: 'userId', value: userId },
      { field: 'clientId', value: c.body.clientId },
    ]);
    if (!removed) throw oidcError('NOT_FOUND', 'CONSENT_NOT_FOUND');
    await oidcState(c.auth).runtime.storage.revokeGrants(userId, c.body.clientId);
    await c.auth.audit.record(c, 'oauth.consent-revoked', { userId, details: { clientId: c.body.clientId } });
    return { status: true };
  },
});
