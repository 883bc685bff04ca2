import { resolveTxt } from 'node:dns/promises';
import { type Adapter, type AuthContext, randomString, type Row } from '../../kit.js';
import { ssoConfig } from './config.js';
import { ssoError } from './errors.js';
import { type ProviderRow, parseDomains } from './store.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The DNS name's first label (`_better-auth-token-{providerId}`), as better-auth names it; also the verification row's identifier. */
export function verificationLabel(auth: AuthContext, providerId: string): string {
  return `_${ssoConfig(auth).verification.tokenPrefix}-${providerId}`;
}

interface TokenRow extends Row {
  id: string;
  value: string;
  expiresAt: Date;
}

async function pending(adapter: Adapter, auth: AuthContext, providerId: string): Promise<TokenRow | null> {
  const row = await adapter.findOne<TokenRow>('verification', [{ field: 'identifier', value: verificationLabel(auth, providerId) }]);
  return row && row.expiresAt.getTime() > auth.now() ? row : null;
}

/** The provider's pending token (a new one, valid a week, when none is). */
export async function issueToken(adapter: Adapter, auth: AuthContext, providerId: string): Promise<string> {
  const current = await pending(adapter, auth, providerId);
  if (current) return current.value;
  const identifier = verificationLabel(auth, providerId);
  await adapter.delete('verification', [{ field: 'identifier', value: identifier }]);
  const value = randomString(24);
  await adapter.create('verification', { identifier, value, expiresAt: new Date(auth.now() + WEEK_MS) });
  return value;
}

export function dropToken(adapter: Adapter, auth: AuthContext, providerId: string): Promise<number> {
  return adapter.delete('verification', [{ field: 'identifier', value: verificationLabel(auth, providerId) }]);
}

/** Who a provider's domains belong to once verified: its organization, else the user who registered it. */
const ownerOf = (p: ProviderRow) => (p.organizationId ? `org:${p.organizationId}` : `user:${p.userId}`);

/**
 * Checks the TXT record `_{prefix}-{providerId}.{domain}` of every domain of the provider (its
 * value is the token, or `{label}={token}`) and marks it verified; a domain another owner has
 * verified already is refused (one verifying organization per domain).
 */
export async function verifyProviderDomain(auth: AuthContext, provider: ProviderRow): Promise<void> {
  const config = ssoConfig(auth);
  if (!config.verification.enabled) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFICATION_DISABLED');
  if (provider.domainVerified) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFIED');
  const token = await pending(auth.adapter, auth, provider.providerId);
  if (!token) throw ssoError('NOT_FOUND', 'NO_PENDING_VERIFICATION');
  const domains = parseDomains(provider.domain);
  if (!domains) throw ssoError('BAD_REQUEST', 'INVALID_DOMAIN');
  const label = verificationLabel(auth, provider.providerId);
  if (label.length > 63) throw ssoError('BAD_REQUEST', 'INVALID_DOMAIN');
  const resolve = config.verification.resolveTxt ?? resolveTxt;
  for (const domain of domains) {
    let records: string[] = [];
    try {
      records = (await resolve(`${label}.${domain}`)).map((r) => r.join(''));
    } catch (e) {
      auth.logger.warn({ domain, err: String(e) }, 'sso: TXT look-up failed');
    }
    const expected = [token.value, `${label}=${token.value}`];
    if (!records.some((r) => expected.includes(r.trim()))) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFICATION_FAILED');
  }
  await auth.adapter.transaction(async (trx) => {
    const verified = await trx.findMany<ProviderRow>('ssoProvider', { where: [{ field: 'domainVerified', value: true }] });
    for (const other of verified) {
      if (ownerOf(other) === ownerOf(provider)) continue;
      const theirs = parseDomains(other.domain) ?? [];
      if (theirs.some((d) => domains.includes(d))) throw ssoError('BAD_REQUEST', 'DOMAIN_TAKEN');
    }
    // Bound to the domain DNS answered for: a provider whose domain changed meanwhile is not marked.
    const marked = await trx.update(
      'ssoProvider',
      [
        { field: 'id', value: provider.id },
        { field: 'domain', value: provider.domain },
      ],
      { domainVerified: true, updatedAt: new Date(auth.now()) },
    );
    if (!marked) throw ssoError('BAD_REQUEST', 'DOMAIN_VERIFICATION_FAILED');
    await dropToken(trx, auth, provider.providerId);
  });
}
