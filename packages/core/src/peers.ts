import { createRequire } from 'node:module';

/**
 * The heavy libraries a capability or a database needs are optional peer dependencies of
 * @gatehouse/core (the `gatehouse` server depends on all of them): an app installs only those of
 * what it turns on. Each is imported where it is first needed, through `loadPeer`, so that a
 * missing one is named with what needs it and how to install it, never a bare "Cannot find
 * package".
 */
export const OPTIONAL_PEERS = {
  pg: 'A PostgreSQL database (postgres:// URL)',
  mysql2: 'A MySQL or MariaDB database (mysql:// URL)',
  ioredis: 'Redis as secondary storage (REDIS_URL / secondaryStorage)',
  'oidc-provider': 'The OpenID provider (oidcProvider)',
  'light-my-request': "The OpenID provider served through the library's fetch handler (without gatehouse's Node server)",
  '@simplewebauthn/server': 'Passkeys (passkey)',
  'prom-client': 'Metrics (metrics)',
  'swagger-ui-dist': 'The API reference page (/reference)',
  '@node-saml/node-saml': 'Enterprise SSO with SAML (sso)',
  '@xmldom/xmldom': "Enterprise SSO's identity-provider metadata (sso)",
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/** The error for a peer that is not installed: what needs it, and the command that installs it. */
export class MissingPeerError extends Error {
  constructor(readonly peer: OptionalPeer) {
    super(`${OPTIONAL_PEERS[peer]} needs the package "${peer}", which is not installed: npm install ${peer}`);
    this.name = 'MissingPeerError';
  }
}

/**
 * Fails with a MissingPeerError when the peer is not installed, without loading it (a capability's
 * `init` asks, so that the instance does not start without it, while the library itself still loads
 * at its first use).
 */
export function assertPeer(peer: OptionalPeer): void {
  try {
    createRequire(import.meta.url).resolve(peer);
  } catch (error) {
    // Only "not found" means absent: a package whose exports offer no require condition is there.
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') throw new MissingPeerError(peer);
  }
}

/** True when an import failed because this package itself could not be found (not one of its own imports). */
export function isMissingPackage(error: unknown, name: string): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || (e.code !== 'ERR_MODULE_NOT_FOUND' && e.code !== 'MODULE_NOT_FOUND')) return false;
  return typeof e.message === 'string' && (e.message.includes(`'${name}'`) || e.message.includes(`"${name}"`) || e.message.includes(`'${name}/`));
}

/**
 * Imports an optional peer (`loadPeer('pg', () => import('pg'))`: the literal import stays with the
 * caller, so it keeps its types and bundlers see it); a missing package becomes a MissingPeerError.
 */
export async function loadPeer<T>(peer: OptionalPeer, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, peer)) throw new MissingPeerError(peer);
    throw error;
  }
}
