import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { hashScimToken, newScimToken, requireConnectionManager } from '../connection.js';
import type { ScimConnectionRow } from '../schema.js';

/**
 * POST /scim/generate-token {providerId, organizationId}: an owner or admin of the organization gets
 * the connection's bearer token, shown once (only its hash is kept). Again for the same connection:
 * a new token replaces the old one (which then answers 401); the users and groups stay.
 */
export const generateScimToken = defineEndpoint({
  method: 'POST',
  path: '/scim/generate-token',
  requireSession: true,
  answer: answerOf<{ scimToken: string }>(),
  body: z.object({
    providerId: z.string().min(1).max(128),
    organizationId: z.string().min(1).max(255),
  }),
  openapi: { summary: 'Create (or replace) the SCIM bearer token of a directory connection' },
  async handler(c) {
    const { auth, body } = c;
    await requireConnectionManager(c, body.organizationId);
    const token = newScimToken();
    const tokenHash = hashScimToken(token);
    const where = [
      { field: 'organizationId', value: body.organizationId },
      { field: 'providerId', value: body.providerId },
    ];
    await auth.adapter.transaction(async (trx) => {
      const existing = await trx.findOne<ScimConnectionRow>('scimConnection', where);
      if (existing)
        await trx.update('scimConnection', [{ field: 'id', value: existing.id }], { tokenHash, createdBy: c.session.user.id, createdAt: new Date(auth.now()) });
      else await trx.create('scimConnection', { ...body, tokenHash, createdBy: c.session.user.id });
    });
    await auth.audit.record(c, 'scim.token.created', { details: { providerId: body.providerId, organizationId: body.organizationId } });
    return new Response(JSON.stringify({ scimToken: token }), { status: 201, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
  },
});
