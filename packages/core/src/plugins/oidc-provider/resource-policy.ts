import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AuthContext } from '../../kit.js';
import { findResourceServer, listResourceServers } from './resource-servers.js';

type OidcModule = typeof import('oidc-provider');
type Features = NonNullable<Configuration['features']>;
type Client = NonNullable<KoaContextWithOIDC['oidc']['client']>;

const resourcesOf = (client: Client): string[] => {
  const listed = (client as unknown as { gatehouse_resources?: unknown }).gatehouse_resources;
  return Array.isArray(listed) ? listed.filter((r): r is string => typeof r === 'string') : [];
};

/**
 * Resource indicators (RFC 8707): a client names a registered API with `resource=` and gets an
 * access token for that audience only, with the API's scopes and lifetime, as a JWT (RFC 9068,
 * signed with the provider's keys: verifiable with /oidc/jwks) or opaque. A client may name only
 * the APIs its application lists; anything else is `invalid_target`.
 */
export function resourceIndicatorsFeature(auth: AuthContext, oidc: OidcModule): Features['resourceIndicators'] {
  return {
    enabled: true,
    // An authorization code or refresh token for one API: its token names that API without `resource=` again.
    async defaultResource(_ctx, _client, oneOf) {
      return oneOf;
    },
    async useGrantedResource() {
      return true;
    },
    async getResourceServerInfo(_ctx, indicator, client) {
      const server = await findResourceServer(auth, indicator);
      if (!server || !resourcesOf(client).includes(indicator)) throw new oidc.errors.InvalidTarget();
      return {
        audience: server.identifier,
        scope: server.scopes.join(' '),
        accessTokenTTL: server.accessTokenTTL,
        accessTokenFormat: server.accessTokenFormat,
        ...(server.accessTokenFormat === 'jwt' ? { jwt: { sign: { alg: 'RS256' as const } } } : {}),
      };
    },
  };
}

/** The audience of a token (an access token's `aud`, one string or several). */
function audiencesOf(token: { aud?: unknown }): string[] {
  const aud = token.aud;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

/**
 * Who may introspect or revoke a token (RFC 7662, RFC 7009): the client it was issued to, or
 * the API it is for, authenticated as its application; a public client never someone else's.
 */
export function tokenPolicy(auth: AuthContext) {
  return async (_ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string; aud?: unknown }): Promise<boolean> => {
    if (token.clientId === client.clientId) return true;
    if (client.clientAuthMethod === 'none') return false;
    const audiences = audiencesOf(token);
    if (!audiences.length) return false;
    const servers = await listResourceServers(auth);
    return servers.some((s) => s.clientId === client.clientId && audiences.includes(s.identifier));
  };
}
