import { isIP } from 'node:net';
import { isPrivateAddress } from '../../kit.js';

/**
 * SSRF protection: unless `allowPrivateNetworks`, a webhook may only reach public addresses.
 * The URL is checked when it is saved (scheme, credentials, an IP literal or `localhost`), and
 * every attempt checks the addresses its host name resolves to at connection time (the
 * connection's own DNS lookup, the kit's `publicOnlyLookup`), so a name that later resolves inward (DNS rebinding) is
 * refused too. Redirects are not followed.
 */
export type UrlProblem = 'INVALID_WEBHOOK_URL' | 'WEBHOOK_URL_NOT_ALLOWED';

/** What is wrong with a webhook URL as saved, or null: http(s), no credentials, no inward literal. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'INVALID_WEBHOOK_URL';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return 'INVALID_WEBHOOK_URL';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'WEBHOOK_URL_NOT_ALLOWED';
  if (isIP(host) && isPrivateAddress(host)) return 'WEBHOOK_URL_NOT_ALLOWED';
  return null;
}
