import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AuthContext, isPrivateAddress } from '../../kit.js';

/**
 * SSRF guard for calls to an identity provider (discovery, token, JWKS, user info): a host
 * on a loopback, private or link-local address is reached only when its origin is in
 * `trustedOrigins` (a test IdP, an IdP inside the company network the operator named).
 * Answers why not, or null.
 */
export async function outboundProblem(auth: AuthContext, raw: string): Promise<'invalid' | 'private' | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) return 'invalid';
  if (auth.origins.isTrustedOrigin(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : null;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : null;
  } catch {
    return 'invalid';
  }
}
