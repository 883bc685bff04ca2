import type { AuthContext } from '../context.js';
import { fetchJson, type ProviderCall } from './http.js';
import type { OAuthTokens } from './types.js';

export interface Client {
  clientId: string;
  clientSecret: string;
  credentials: 'basic' | 'body';
}

/** RFC 6749 2.3.1: the id and secret are form-encoded before they are put in the Basic header. */
function basic(client: Client): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(client.clientId)}:${enc(client.clientSecret)}`).toString('base64')}`;
}

/** Scopes as the provider wrote them: space- (OAuth) or comma-separated (GitHub). */
export function splitScopes(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((s): s is string => typeof s === 'string');
  if (typeof value !== 'string') return [];
  return value.split(/[\s,]+/).filter(Boolean);
}

function seconds(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Reads token_type, access_token, refresh_token, expires_in, scope, id_token (spec section 7). */
export function parseTokenResponse(raw: unknown, now: number): OAuthTokens {
  const data = (raw ?? {}) as Record<string, unknown>;
  // GitHub answers 200 with an error body; every provider's error has the OAuth `error` field.
  if (typeof data.error === 'string') throw new Error(`token endpoint error: ${data.error}`);
  const expiresIn = seconds(data.expires_in);
  const refreshExpiresIn = seconds(data.refresh_token_expires_in);
  const s = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    tokenType: s(data.token_type),
    accessToken: s(data.access_token),
    refreshToken: s(data.refresh_token),
    accessTokenExpiresAt: expiresIn ? new Date(now + expiresIn * 1000) : undefined,
    refreshTokenExpiresAt: refreshExpiresIn ? new Date(now + refreshExpiresIn * 1000) : undefined,
    scopes: splitScopes(data.scope),
    idToken: s(data.id_token),
  };
}

/** A form POST to the token endpoint with the client's credentials in a Basic header or in the body. */
async function tokenRequest(
  endpoint: string,
  client: Client,
  params: Record<string, string>,
  now: () => number,
  dispatcher?: ProviderCall['dispatcher'],
): Promise<OAuthTokens> {
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (client.credentials === 'basic') headers.authorization = basic(client);
  else {
    body.set('client_id', client.clientId);
    body.set('client_secret', client.clientSecret);
  }
  const raw = await fetchJson(endpoint, { method: 'POST', headers, body: body.toString(), dispatcher });
  return parseTokenResponse(raw, now());
}

export function exchangeCode(
  endpoint: string,
  client: Client,
  input: { code: string; codeVerifier?: string; redirectURI: string },
  now: () => number,
  dispatcher?: ProviderCall['dispatcher'],
): Promise<OAuthTokens> {
  const params: Record<string, string> = { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectURI };
  if (input.codeVerifier) params.code_verifier = input.codeVerifier;
  return tokenRequest(endpoint, client, params, now, dispatcher);
}

export function refreshAccessToken(endpoint: string, client: Client, refreshToken: string, now: () => number): Promise<OAuthTokens> {
  return tokenRequest(endpoint, client, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

/** Provider tokens are kept encrypted at rest unless `account.encryptTokens` is false. */
export function sealToken(auth: AuthContext, value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  return auth.options.account.encryptTokens === false ? value : auth.encrypter.encrypt(value);
}

/** Reads a stored token, sealed or (written with encryptTokens off) plain. */
export function openToken(auth: AuthContext, value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  if (value.startsWith('v1.')) return auth.encrypter.decrypt(value) ?? value;
  return value;
}
