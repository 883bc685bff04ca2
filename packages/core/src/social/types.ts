import type { JWTPayload } from 'jose';
import type { SocialProviderOptions } from '../options.js';

/** What a token endpoint answered, normalised (spec section 7: the fields read). */
export interface OAuthTokens {
  tokenType?: string;
  accessToken?: string;
  refreshToken?: string;
  accessTokenExpiresAt?: Date;
  refreshTokenExpiresAt?: Date;
  scopes: string[];
  idToken?: string;
}

/** A provider's profile mapped to the user fields Gatehouse keeps. */
export interface SocialUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  image: string | null;
  /** Extra user fields given by the option `mapProfileToUser`. */
  [field: string]: unknown;
}

export interface UserInfo {
  user: SocialUser;
  /** The raw profile, for `mapProfileToUser`. */
  data: Record<string, unknown>;
}

export interface Endpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint?: string;
  jwksEndpoint?: string;
  /** Expected `iss` of ID tokens: one value or several. */
  issuer?: string | string[];
}

/** Apple's `user` form field, sent on the first sign-in only. */
export interface AppleFormUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** Everything a provider's profile code may use. */
export interface ProfileCall {
  tokens: OAuthTokens;
  /** The verified claims of the ID token, when the provider issued one. */
  claims: JWTPayload | null;
  endpoints: Endpoints;
  options: SocialProviderOptions;
  /** True when any endpoint was overridden (tests, proxies): never call the real provider's other APIs then. */
  overridden: boolean;
  formUser?: AppleFormUser;
  fetchJson(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<unknown>;
  fetchBinary(url: string, init?: { headers?: Record<string, string> }): Promise<{ type: string; bytes: Buffer }>;
}

/**
 * One social provider, as data plus its profile code (providers/<id>.ts).
 * The generic machinery (provider.ts) builds URLs, exchanges codes and verifies ID tokens.
 */
export interface ProviderDefinition {
  id: string;
  name: string;
  endpoints(options: SocialProviderOptions): Endpoints;
  scopes: string[];
  /** How the client authenticates at the token endpoint. */
  credentials: 'basic' | 'body';
  /** Sends a PKCE S256 challenge (and the verifier on exchange). */
  pkce: boolean;
  /** Supports `prompt=select_account` (sent unless the `prompt` option says otherwise). */
  selectAccount: boolean;
  /** Issues OpenID Connect ID tokens: the profile comes from the verified token; ID-token sign-in is offered. */
  idToken: boolean;
  /** Maximum age of an ID token (jose duration), e.g. Apple's '1h'. */
  maxIdTokenAge?: string;
  /** Checks `iss` itself when one fixed value cannot (Microsoft's multi-tenant endpoints). */
  checkIssuer?(iss: string | undefined, claims: JWTPayload): boolean;
  /** Extra authorization parameters (Reddit's duration, Apple's response_mode, Twitch's claims, …). */
  authorizationParams?(options: SocialProviderOptions): Record<string, string>;
  /** The raw profile; null when the provider gave none. */
  fetchProfile(call: ProfileCall): Promise<Record<string, unknown> | null>;
  mapProfile(profile: Record<string, unknown>, call: ProfileCall): SocialUser;
}

/** Reads a string field of an untyped profile. */
export function str(v: unknown): string | null {
  if (typeof v === 'string' && v) return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return null;
}

/** Providers send booleans as true, "true" (Apple) or 1. */
export function bool(v: unknown): boolean {
  return v === true || v === 'true' || v === 1;
}

export function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
