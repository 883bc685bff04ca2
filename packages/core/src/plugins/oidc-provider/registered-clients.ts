import type { AdapterPayload } from 'oidc-provider';
import type { AuthContext } from '../../kit.js';
import { oidcError } from './errors.js';

/** A client that registered itself at /oidc/register (RFC 7591) with an admin's initial access token. */
export interface RegisteredClient {
  clientId: string;
  /** `client_name` as registered; null when the client gave none. */
  name: string | null;
  redirectURIs: string[];
  grantTypes: string[];
  /** How it authenticates at the token endpoint (`none` for a public client). */
  tokenEndpointAuthMethod: string;
  /** `client_id_issued_at`, when the provider registered it. */
  registeredAt: Date | null;
}

type ClientRow = {
  id: string;
  payload: AdapterPayload;
};

const PREFIX = 'Client:';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function registeredClient(row: ClientRow): RegisteredClient {
  const p = row.payload;
  const issuedAt = typeof p.client_id_issued_at === 'number' ? new Date(p.client_id_issued_at * 1000) : null;
  return {
    clientId: typeof p.client_id === 'string' ? p.client_id : row.id.slice(PREFIX.length),
    name: typeof p.client_name === 'string' && p.client_name ? p.client_name : null,
    redirectURIs: strings(p.redirect_uris),
    // The provider's default when a registration names none (RFC 7591 §2).
    grantTypes: Array.isArray(p.grant_types) ? strings(p.grant_types) : ['authorization_code'],
    tokenEndpointAuthMethod: typeof p.token_endpoint_auth_method === 'string' ? p.token_endpoint_auth_method : 'client_secret_basic',
    registeredAt: issuedAt,
  };
}

/**
 * The clients of dynamic registration, by name (those without one last, by id). They are the provider's `Client` rows in
 * `oidcModel`, on either storage (secondary-storage.ts keeps clients in the database: they are
 * configuration, not short-lived state).
 */
export async function listRegisteredClients(auth: Pick<AuthContext, 'adapter'>): Promise<RegisteredClient[]> {
  const rows = await auth.adapter.findMany<ClientRow>('oidcModel', { where: [{ field: 'model', value: 'Client' }] });
  const order = (c: RegisteredClient) => [c.name === null ? 1 : 0, c.name ?? '', c.clientId] as const;
  return rows.map(registeredClient).sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2].localeCompare(y[2]);
  });
}

/**
 * Removes a registered client and the consents people gave it. Its tokens stop working with it:
 * the provider reads the client on every use of a token (introspection, userinfo, refresh) and
 * refuses a token whose client is gone; their rows expire as usual. An admin's application is
 * not a registered client (404: it is removed by /oauth2/delete-application).
 */
export async function deleteRegisteredClient(auth: Pick<AuthContext, 'adapter'>, clientId: string): Promise<RegisteredClient> {
  return auth.adapter.transaction(async (trx) => {
    const row = await trx.findOne<ClientRow>('oidcModel', [
      { field: 'id', value: `${PREFIX}${clientId}` },
      { field: 'model', value: 'Client' },
    ]);
    if (!row) throw oidcError('NOT_FOUND', 'APPLICATION_NOT_FOUND');
    await trx.delete('oidcModel', [{ field: 'id', value: row.id }]);
    await trx.delete('oauthConsent', [{ field: 'clientId', value: clientId }]);
    return registeredClient(row);
  });
}
