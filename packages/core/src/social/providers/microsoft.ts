import { bearer, userInfoURL } from '../provider.js';
import type { ProviderDefinition } from '../types.js';
import { bool, obj, str } from '../types.js';

const AUTHORITY = 'https://login.microsoftonline.com';
const GRAPH = 'https://graph.microsoft.com/v1.0';
/** Tenants that stand for many directories: the issuer then names the user's own (tid). */
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

/**
 * Microsoft Entra ID (v2.0 endpoints). The profile is the ID token; the
 * photo comes from Microsoft Graph at 48x48 unless told otherwise, and a
 * failed photo request is ignored.
 *
 * Options: tenantId (default 'common'), profilePhotoSize, disableProfilePhoto,
 * graphEndpoint (where the photo is fetched; with endpoint overrides and no
 * graphEndpoint the photo is skipped, so a stand-in never leads to the real Graph).
 */
export const microsoft: ProviderDefinition = {
  id: 'microsoft',
  name: 'Microsoft',
  endpoints(o) {
    const tenant = typeof o.tenantId === 'string' && o.tenantId ? o.tenantId : 'common';
    return {
      authorizationEndpoint: `${AUTHORITY}/${tenant}/oauth2/v2.0/authorize`,
      tokenEndpoint: `${AUTHORITY}/${tenant}/oauth2/v2.0/token`,
      userInfoEndpoint: 'https://graph.microsoft.com/oidc/userinfo',
      jwksEndpoint: `${AUTHORITY}/${tenant}/discovery/v2.0/keys`,
      issuer: MULTI_TENANT.has(tenant) ? undefined : `${AUTHORITY}/${tenant}/v2.0`,
    };
  },
  checkIssuer: (iss, claims) => typeof claims.tid === 'string' && iss === `${AUTHORITY}/${claims.tid}/v2.0`,
  scopes: ['openid', 'profile', 'email', 'User.Read', 'offline_access'],
  credentials: 'body',
  pkce: true,
  selectAccount: true,
  idToken: true,
  async fetchProfile(call) {
    const profile = call.claims ? { ...call.claims } : obj(await call.fetchJson(userInfoURL(call), { headers: bearer(call) }));
    const o = call.options;
    const graph = typeof o.graphEndpoint === 'string' ? o.graphEndpoint : call.overridden ? null : GRAPH;
    if (graph && o.disableProfilePhoto !== true && call.tokens.accessToken) {
      const size = typeof o.profilePhotoSize === 'number' ? o.profilePhotoSize : 48;
      try {
        const photo = await call.fetchBinary(`${graph.replace(/\/+$/, '')}/me/photos/${size}x${size}/$value`, { headers: bearer(call) });
        profile.picture = `data:${photo.type.split(';')[0]};base64,${photo.bytes.toString('base64')}`;
      } catch {
        // No photo, or Graph refused: the photo is optional.
      }
    }
    return profile;
  },
  mapProfile(p) {
    return {
      id: str(p.sub) ?? str(p.oid) ?? '',
      email: str(p.email),
      // Entra's email claim is not verified unless it says so (email_verified, or xms_edov: domain owner verified).
      emailVerified: bool(p.email_verified) || bool(p.xms_edov),
      name: str(p.name) ?? '',
      image: str(p.picture),
    };
  },
};
