import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * SSRF protection: unless `allowPrivateNetworks`, a webhook may only reach public addresses.
 * The URL is checked when it is saved (scheme, credentials, an IP literal or `localhost`), and
 * every attempt checks the addresses its host name resolves to at connection time (the
 * connection's own DNS lookup), so a name that later resolves inward (DNS rebinding) is
 * refused too. Redirects are not followed.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address that is not on the public internet (loopback, private, link-local, …). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

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

export class PrivateAddressError extends Error {}

/** A DNS lookup for the connection that refuses non-public answers. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as { address: string; family: number }[];
    const inward = list.find((a) => isPrivateAddress(a.address));
    if (inward || !list.length) {
      return callback(new PrivateAddressError(`${hostname} resolves to a non-public address (${inward?.address ?? 'none'})`), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
