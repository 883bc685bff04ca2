import type { AuthContext } from '../../kit.js';
import { oidcError } from './errors.js';
import { forgetClient } from './client-memo.js';

type ResourceServerRow = {
  id: string;
  identifier: string;
  name: string;
  scopes: string[];
  accessTokenTTL: number;
  accessTokenFormat: string;
  clientId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An API registered as a resource server (RFC 8707), as the admin API answers it. */
export interface ResourceServer {
  id: string;
  identifier: string;
  name: string;
  scopes: string[];
  accessTokenTTL: number;
  accessTokenFormat: 'jwt' | 'opaque';
  clientId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ResourceServerInput {
  identifier: string;
  name: string;
  scopes?: string[];
  accessTokenTTL?: number;
  accessTokenFormat?: 'jwt' | 'opaque';
  clientId?: string | null;
}

const DEFAULT_TTL = 3600;
/** A scope is one token of RFC 6749's scope syntax, and not one of OpenID's own. */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;
const OPENID_SCOPES = new Set(['openid', 'offline_access', 'profile', 'email', 'address', 'phone', 'organization']);

const serverOf = (r: ResourceServerRow): ResourceServer => ({
  id: r.id,
  identifier: r.identifier,
  name: r.name,
  scopes: r.scopes,
  accessTokenTTL: r.accessTokenTTL,
  accessTokenFormat: r.accessTokenFormat === 'opaque' ? 'opaque' : 'jwt',
  clientId: r.clientId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** An absolute URI without a fragment (RFC 8707 §2), else 400 INVALID_RESOURCE_IDENTIFIER. */
function checkIdentifier(value: string): string {
  const url = URL.parse(value);
  if (!url || value.includes('#') || !/^[a-z][a-z0-9+.-]*:/i.test(value)) throw oidcError('BAD_REQUEST', 'INVALID_RESOURCE_IDENTIFIER');
  return value;
}

function checkScopes(scopes: string[]): string[] {
  const unique = [...new Set(scopes.map((s) => s.trim()).filter(Boolean))];
  if (unique.some((s) => !SCOPE.test(s) || OPENID_SCOPES.has(s))) throw oidcError('BAD_REQUEST', 'INVALID_RESOURCE_SCOPE');
  return unique;
}

async function checkClient(auth: AuthContext, clientId: string | null | undefined): Promise<string | null> {
  if (!clientId) return null;
  const app = await auth.adapter.findOne<{ public: boolean }>('oauthApplication', [{ field: 'clientId', value: clientId }]);
  // Introspection and revocation need a client that authenticates: a public one cannot.
  if (!app || app.public) throw oidcError('BAD_REQUEST', 'RESOURCE_SERVER_CLIENT_INVALID');
  return clientId;
}

export async function listResourceServers(auth: Pick<AuthContext, 'adapter'>): Promise<ResourceServer[]> {
  const rows = await auth.adapter.findMany<ResourceServerRow>('oauthResourceServer', { sortBy: { field: 'createdAt', direction: 'asc' } });
  return rows.map(serverOf);
}

export async function findResourceServer(auth: Pick<AuthContext, 'adapter'>, identifier: string): Promise<ResourceServer | null> {
  const row = await auth.adapter.findOne<ResourceServerRow>('oauthResourceServer', [{ field: 'identifier', value: identifier }]);
  return row ? serverOf(row) : null;
}

/** Registers an API; 409 RESOURCE_SERVER_EXISTS when its identifier is taken. */
export async function createResourceServer(auth: AuthContext, input: ResourceServerInput): Promise<ResourceServer> {
  const identifier = checkIdentifier(input.identifier);
  const scopes = checkScopes(input.scopes ?? []);
  const clientId = await checkClient(auth, input.clientId);
  const now = new Date(auth.now());
  const row = await auth.adapter.transaction(async (trx) => {
    if (await trx.findOne('oauthResourceServer', [{ field: 'identifier', value: identifier }]))
      throw oidcError('UNPROCESSABLE_ENTITY', 'RESOURCE_SERVER_EXISTS');
    return trx.create<ResourceServerRow>('oauthResourceServer', {
      identifier,
      name: input.name,
      scopes,
      accessTokenTTL: input.accessTokenTTL ?? DEFAULT_TTL,
      accessTokenFormat: input.accessTokenFormat ?? 'jwt',
      clientId,
      createdAt: now,
      updatedAt: now,
    });
  });
  if (!row) throw new Error('could not create the resource server');
  return serverOf(row);
}

/** Changes an API's name, scopes, lifetime, format or client (not its identifier: tokens carry it); 404 RESOURCE_SERVER_NOT_FOUND. */
export async function updateResourceServer(auth: AuthContext, id: string, patch: Partial<Omit<ResourceServerInput, 'identifier'>>): Promise<ResourceServer> {
  const data: Record<string, unknown> = { updatedAt: new Date(auth.now()) };
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.scopes) data.scopes = checkScopes(patch.scopes);
  if (patch.accessTokenTTL !== undefined) data.accessTokenTTL = patch.accessTokenTTL;
  if (patch.accessTokenFormat) data.accessTokenFormat = patch.accessTokenFormat;
  if (patch.clientId !== undefined) data.clientId = await checkClient(auth, patch.clientId);
  const row = await auth.adapter.update<ResourceServerRow>('oauthResourceServer', [{ field: 'id', value: id }], data);
  if (!row) throw oidcError('NOT_FOUND', 'RESOURCE_SERVER_NOT_FOUND');
  return serverOf(row);
}

/**
 * Removes an API and its place in every application's list, in one transaction: no new token
 * names it; JWTs already issued for it run out at their `exp`.
 */
export async function deleteResourceServer(auth: AuthContext, id: string): Promise<void> {
  await auth.adapter.transaction(async (trx) => {
    const row = await trx.findOne<ResourceServerRow>('oauthResourceServer', [{ field: 'id', value: id }]);
    if (!row) throw oidcError('NOT_FOUND', 'RESOURCE_SERVER_NOT_FOUND');
    const apps = await trx.findMany<{ id: string; resources: string[] | null }>('oauthApplication');
    for (const app of apps) {
      if (app.resources?.includes(row.identifier))
        await trx.update('oauthApplication', [{ field: 'id', value: app.id }], { resources: app.resources.filter((r) => r !== row.identifier) });
    }
    await trx.delete('oauthResourceServer', [{ field: 'id', value: id }]);
  });
  // Applications' lists changed: their metadata is read again.
  forgetClient(auth);
}
