import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { ssoConfig } from '../config.js';
import { issueToken, verificationLabel, verifyProviderDomain } from '../domain-verification.js';
import { ssoError } from '../errors.js';
import { requireManagedProvider } from '../store.js';

const body = z.object({ providerId: z.string().min(1).max(128) });

/**
 * POST /sso/request-domain-verification {providerId} (managing it): the token to publish as a
 * TXT record at `{txtRecordName}.{domain}`; the pending one while it lasts (a week).
 */
export const requestDomainVerification = defineEndpoint({
  method: 'POST',
  path: '/sso/request-domain-verification',
  requireSession: true,
  body,
  async handler(c) {
    const { auth } = c;
    if (!ssoConfig(auth).verification.enabled) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFICATION_DISABLED');
    const provider = await requireManagedProvider(c, c.body.providerId);
    if (provider.domainVerified) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFIED');
    const domainVerificationToken = await issueToken(auth.adapter, auth, provider.providerId);
    return { domainVerificationToken, txtRecordName: verificationLabel(auth, provider.providerId) };
  },
});

/** POST /sso/verify-domain {providerId} (managing it): checks the TXT record and marks the domain verified. */
export const verifyDomain = defineEndpoint({
  method: 'POST',
  path: '/sso/verify-domain',
  requireSession: true,
  body,
  async handler(c) {
    const { auth } = c;
    const provider = await requireManagedProvider(c, c.body.providerId);
    await verifyProviderDomain(auth, provider);
    const userId = c.session.user.id;
    await auth.audit.record(c, 'sso.domain.verify', { userId, actorId: userId, details: { providerId: provider.providerId, domain: provider.domain } });
    return { success: true, domainVerified: true };
  },
});
