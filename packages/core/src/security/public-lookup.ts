import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { isPrivateAddress } from './private-address.js';

/** A connection refused because its host name resolved to a non-public address. */
export class PrivateAddressError extends Error {}

/**
 * A DNS lookup for a connection that refuses non-public answers (loopback, private,
 * link-local…): every address the name resolves to must be public. Used as the connection's own
 * lookup, it checks the very answer the socket connects to, so a name that answered a public
 * address to an earlier check and an inward one now (DNS rebinding) is refused.
 */
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

let publicAgent: Agent | undefined;

/**
 * An undici dispatcher whose connections resolve through `publicOnlyLookup`: give it to `fetch`
 * (`dispatcher`) for a call to an address someone else chose (an IdP's endpoints). Made once.
 */
export function publicDispatcher(): Dispatcher {
  publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
  return publicAgent;
}
