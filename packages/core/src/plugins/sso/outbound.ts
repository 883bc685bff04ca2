import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Dispatcher } from 'undici';
import { type AuthContext, isPrivateAddress, PrivateAddressError, publicDispatcher } from '../../kit.js';

/**
 * SSRF guard for calls to an identity provider (discovery, token, JWKS, user info): a host
 * on a loopback, private or link-local address is reached only when its origin is in
 * `trustedOrigins` (a test IdP, an IdP inside the company network the operator named).
 * Answers why not, or null. The call itself then goes through `dispatcherFor`, which checks the
 * address again as the connection is made: a name that answers a public address here and an
 * inward one a moment later (DNS rebinding) is refused.
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

/**
 * How a call to `url` connects: for an origin that is not trusted, only to public addresses,
 * checked on the DNS answer the socket uses (the kit's `publicDispatcher`); a trusted origin as
 * fetch does.
 */
export function dispatcherFor(auth: AuthContext, url: string): Dispatcher | undefined {
  const origin = URL.parse(url)?.origin;
  return origin && auth.origins.isTrustedOrigin(origin) ? undefined : publicDispatcher();
}

/** Whether a failed call was refused by `dispatcherFor`'s check (fetch wraps the connection's error as its cause). */
export function refusedAsPrivate(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) if (e instanceof PrivateAddressError) return true;
  return false;
}
