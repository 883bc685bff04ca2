import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { APIError, type AuthContext, codeChallenge, exchangeCode, fetchJson, type OAuthTokens } from '../../kit.js';
import { ssoError } from './errors.js';
import type { SSOPlugin } from './keys.js';
import { dispatcherFor, outboundProblem, refusedAsPrivate } from './outbound.js';
import type { OidcSettings } from './store.js';

const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

/** Refuses a URL the server must not call (a private address that is not a trusted origin). */
export async function assertReachable(auth: AuthContext, url: string): Promise<void> {
  const problem = await outboundProblem(auth, url);
  if (problem === 'private') throw ssoError('BAD_REQUEST', 'ISSUER_NOT_ALLOWED');
  if (problem) throw ssoError('BAD_REQUEST', 'INVALID_ISSUER');
}

export interface DiscoveredEndpoints {
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint?: string;
  jwksEndpoint?: string;
}

/**
 * Reads `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 4): its
 * `issuer` must be the one registered, and every endpoint it names must be one the server may call.
 */
export async function discover(auth: AuthContext, issuer: string, discoveryEndpoint?: string): Promise<DiscoveredEndpoints> {
  const url = discoveryEndpoint ?? `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  await assertReachable(auth, url);
  let doc: Record<string, unknown>;
  try {
    const raw = await fetchJson(url, { dispatcher: dispatcherFor(auth, url) });
    if (!raw || typeof raw !== 'object') throw new Error('not an object');
    doc = raw as Record<string, unknown>;
  } catch (e) {
    auth.logger.warn({ issuer, err: String(e) }, 'sso: OIDC discovery failed');
    throw ssoError('BAD_REQUEST', refusedAsPrivate(e) ? 'ISSUER_NOT_ALLOWED' : 'DISCOVERY_FAILED');
  }
  const same = (a: unknown, b: string) => typeof a === 'string' && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
  if (!same(doc.issuer, issuer)) throw ssoError('BAD_REQUEST', 'DISCOVERY_FAILED');
  for (const key of ENDPOINTS) {
    const value = doc[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw ssoError('BAD_REQUEST', 'DISCOVERY_FAILED');
    await assertReachable(auth, value);
  }
  if (typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string') throw ssoError('BAD_REQUEST', 'DISCOVERY_FAILED');
  return {
    discoveryEndpoint: url,
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    userInfoEndpoint: doc.userinfo_endpoint as string | undefined,
    jwksEndpoint: doc.jwks_uri as string | undefined,
  };
}

/** The nonce of a flow, derived from its code verifier (kept server-side): unguessable and bound to that one flow. */
export function nonceOf(codeVerifier: string): string {
  return createHash('sha256').update(`nonce:${codeVerifier}`).digest('base64url');
}

export function authorizationURL(
  s: OidcSettings,
  input: { state: string; codeVerifier: string; redirectURI: string; scopes?: readonly string[]; loginHint?: string },
): string {
  const url = new URL(s.authorizationEndpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: s.clientId,
    redirect_uri: input.redirectURI,
    state: input.state,
    scope: [...new Set([...s.scopes, ...(input.scopes ?? [])])].join(' '),
    nonce: nonceOf(input.codeVerifier),
  };
  // PKCE always: an IdP that ignores it loses nothing, one that checks it is protected.
  params.code_challenge = codeChallenge(input.codeVerifier);
  params.code_challenge_method = 'S256';
  if (input.loginHint) params.login_hint = input.loginHint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export interface OidcIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  image?: string;
  /** Every claim of the ID token and user info: what a role mapping reads. */
  claims: Record<string, unknown>;
}

function claim(claims: Record<string, unknown>, key: string | undefined, fallback: string): unknown {
  return claims[key ?? fallback];
}

/**
 * Exchanges the code (with the PKCE verifier) and reads who signed in: from the ID token,
 * verified against the IdP's keys (issuer, audience = client id, nonce), else from user info.
 */
export async function identify(
  auth: AuthContext,
  plugin: SSOPlugin,
  s: OidcSettings,
  clientSecret: string,
  input: { code: string; codeVerifier: string; redirectURI: string },
): Promise<OidcIdentity | { error: 'token_exchange_failed' | 'invalid_id_token' | 'missing_user_info' }> {
  let tokens: OAuthTokens;
  try {
    await assertReachable(auth, s.tokenEndpoint);
    tokens = await exchangeCode(
      s.tokenEndpoint,
      { clientId: s.clientId, clientSecret, credentials: s.tokenEndpointAuthentication === 'client_secret_basic' ? 'basic' : 'body' },
      { code: input.code, codeVerifier: input.codeVerifier, redirectURI: input.redirectURI },
      auth.now,
      dispatcherFor(auth, s.tokenEndpoint),
    );
  } catch (e) {
    auth.logger.warn({ err: e instanceof APIError ? e.code : String(e) }, 'sso: OIDC code exchange failed');
    return { error: 'token_exchange_failed' };
  }
  let claims: JWTPayload | null = null;
  if (tokens.idToken) {
    if (!s.jwksEndpoint) return { error: 'invalid_id_token' };
    try {
      await assertReachable(auth, s.jwksEndpoint);
    } catch {
      return { error: 'invalid_id_token' };
    }
    const keys = dispatcherFor(auth, s.jwksEndpoint) ? plugin.publicKeys : plugin.keys;
    claims = await keys.verify(tokens.idToken, {
      jwksEndpoint: s.jwksEndpoint,
      audience: s.clientId,
      issuer: s.issuer,
      nonce: nonceOf(input.codeVerifier),
      now: auth.now(),
    });
    if (!claims) return { error: 'invalid_id_token' };
  }
  let profile: Record<string, unknown> = { ...(claims ?? {}) };
  const m = s.mapping ?? {};
  if ((!claims || !claim(profile, m.email, 'email')) && s.userInfoEndpoint && tokens.accessToken) {
    try {
      await assertReachable(auth, s.userInfoEndpoint);
      const info = (await fetchJson(s.userInfoEndpoint, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
        dispatcher: dispatcherFor(auth, s.userInfoEndpoint),
      })) as Record<string, unknown> | null;
      // OpenID Connect Core 5.3.2: user info whose sub is not the ID token's is not about this user.
      if (info && typeof info === 'object' && (!claims || info.sub === claims.sub)) profile = { ...info, ...profile };
    } catch (e) {
      auth.logger.warn({ err: String(e) }, 'sso: OIDC user info failed');
    }
  }
  const sub = claim(profile, m.id, 'sub');
  if (typeof sub !== 'string' || !sub) return { error: 'missing_user_info' };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const verified = claim(profile, m.emailVerified, 'email_verified');
  const given = str(claim(profile, m.firstName, 'given_name'));
  const family = str(claim(profile, m.lastName, 'family_name'));
  return {
    sub,
    email: str(claim(profile, m.email, 'email')),
    emailVerified: verified === true || verified === 'true',
    name: str(claim(profile, m.name, 'name')) ?? ([given, family].filter(Boolean).join(' ') || undefined),
    image: str(profile.picture),
    claims: profile,
  };
}
