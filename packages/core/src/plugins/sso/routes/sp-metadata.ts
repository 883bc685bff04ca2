import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { ssoError } from '../errors.js';
import { providerById } from '../routing.js';
import { spMetadata } from '../saml.js';

/** GET /sso/saml2/sp/metadata?providerId= (public): the SP metadata XML to give the IdP. */
export const spMetadataRoute = defineEndpoint({
  method: 'GET',
  path: '/sso/saml2/sp/metadata',
  query: z.object({ providerId: z.string().min(1).max(128), format: z.enum(['xml', 'json']).optional() }),
  openapi: { produces: 'application/samlmetadata+xml' },
  async handler(c) {
    const provider = await providerById(c.auth, c.query.providerId);
    if (!provider?.samlConfig) throw ssoError('NOT_FOUND', 'SP_PROVIDER_NOT_FOUND');
    return new Response(spMetadata(c.auth, provider), { status: 200, headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8' } });
  },
});
