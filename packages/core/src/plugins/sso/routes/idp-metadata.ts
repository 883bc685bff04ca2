import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { ssoError } from '../errors.js';
import { idpMetadataOf } from '../metadata.js';
import { certificateInfo } from '../store.js';

/**
 * POST /sso/idp-metadata {metadata | metadataUrl, entityID?} (signed in; Gatehouse's, not
 * better-auth's): reads an IdP's SAML metadata (pasted XML, or fetched through the SSRF guard)
 * and answers what a connection takes from it, so that the app can show it before saving.
 * Nothing is stored.
 */
export const readIdpMetadata = defineEndpoint({
  method: 'POST',
  path: '/sso/idp-metadata',
  requireSession: true,
  body: z.object({
    metadata: z
      .string()
      .min(1)
      .max(512 * 1024)
      .optional(),
    metadataUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    entityID: z.string().min(1).max(1024).optional(),
  }),
  async handler(c) {
    const { body } = c;
    if (!body.metadata === !body.metadataUrl) throw ssoError('BAD_REQUEST', 'METADATA_REQUIRED');
    const found = await idpMetadataOf(c.auth, body);
    if (!found) throw ssoError('BAD_REQUEST', 'METADATA_REQUIRED');
    return { ...found, certificate: found.cert.map(certificateInfo) };
  },
});
