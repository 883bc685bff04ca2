import { canonicalIp } from './rate-limit.js';

/** `advanced.trustedProxies`: addresses of reverse proxies whose X-Forwarded-For is believed; `true`: any. */
export type TrustedProxies = string[] | boolean | undefined;

/**
 * The client's address: the peer's, or, behind trusted proxies, the right-most
 * X-Forwarded-For hop that is not one of them (with `trustedProxies: true`, the first hop).
 */
export function clientIp(trusted: TrustedProxies, forwardedFor: string | null | undefined, peer: string | null): string | null {
  if (!trusted || !forwardedFor) return peer;
  // Compared in one spelling, so `::ffff:10.0.0.1` (a dual-stack socket) is the proxy `10.0.0.1`.
  const isProxy = (a: string) => Array.isArray(trusted) && trusted.some((p) => canonicalIp(p) === canonicalIp(a));
  if (trusted === true || (peer && isProxy(peer))) {
    const hops = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      if (trusted === true) return hops[0]!;
      if (!isProxy(hops[i]!)) return hops[i]!;
    }
  }
  return peer;
}
