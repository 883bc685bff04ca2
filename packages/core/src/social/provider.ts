import type { JWTPayload } from 'jose';
import type { AuthContext } from '../context.js';
import type { SocialProviderOptions } from '../options.js';
import { fetchBinary, fetchJson } from './http.js';
import type { KeySets } from './jwks.js';
import { codeChallenge } from './state.js';
import { exchangeCode, refreshAccessToken, type Client } from './tokens.js';
import type { AppleFormUser, Endpoints, OAuthTokens, ProfileCall, ProviderDefinition, SocialUser, UserInfo } from './types.js';

const OVERRIDES = ['authorizationEndpoint', 'tokenEndpoint', 'userInfoEndpoint', 'jwksEndpoint', 'issuer'] as const;

/** A configured provider: its definition bound to the options and the auth instance. */
export class Provider {
  readonly id: string;
  readonly endpoints: Endpoints;
  /** Any endpoint overridden: the provider is not the real one (tests, proxies). */
  readonly overridden: boolean;
  readonly redirectURI: string;
  private readonly client: Client;

  constructor(
    readonly def: ProviderDefinition,
    readonly options: SocialProviderOptions & { clientId: string; clientSecret: string },
    private readonly auth: AuthContext,
    private readonly keys: KeySets,
  ) {
    this.id = def.id;
    const endpoints: Endpoints = { ...def.endpoints(options) };
    this.overridden = false;
    for (const key of OVERRIDES) {
      const value = options[key];
      if (typeof value === 'string' && value) {
        endpoints[key] = value;
        this.overridden = true;
      }
    }
    this.endpoints = endpoints;
    this.redirectURI = options.redirectURI ?? auth.url(`/callback/${def.id}`);
    this.client = { clientId: options.clientId, clientSecret: options.clientSecret, credentials: def.credentials };
  }

  get issuesIdTokens(): boolean {
    return this.def.idToken && !!this.endpoints.jwksEndpoint;
  }

  /** Default scopes, then the option's, then the request's; each once. */
  scopes(extra: readonly string[] = []): string[] {
    const base = this.options.disableDefaultScope === true ? [] : this.def.scopes;
    return [...new Set([...base, ...(this.options.scope ?? []), ...extra])];
  }

  authorizationURL(input: { state: string; codeVerifier: string; scopes?: readonly string[] }): string {
    const url = new URL(this.endpoints.authorizationEndpoint);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.client.clientId,
      state: input.state,
      scope: this.scopes(input.scopes).join(' '),
      redirect_uri: this.redirectURI,
    };
    if (this.def.pkce) {
      params.code_challenge = codeChallenge(input.codeVerifier);
      params.code_challenge_method = 'S256';
    }
    const prompt = this.options.prompt ?? (this.def.selectAccount ? 'select_account' : undefined);
    if (prompt) params.prompt = prompt;
    Object.assign(params, this.def.authorizationParams?.(this.options));
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  exchange(code: string, codeVerifier: string): Promise<OAuthTokens> {
    return exchangeCode(
      this.endpoints.tokenEndpoint,
      this.client,
      { code, codeVerifier: this.def.pkce ? codeVerifier : undefined, redirectURI: this.redirectURI },
      this.auth.now,
    );
  }

  refresh(refreshToken: string): Promise<OAuthTokens> {
    return refreshAccessToken(this.endpoints.tokenEndpoint, this.client, refreshToken, this.auth.now);
  }

  /** Verifies an ID token against the provider's key set: audience = clientId, issuer, nonce, age. */
  verifyIdToken(token: string, nonce?: string): Promise<JWTPayload | null> {
    const jwks = this.endpoints.jwksEndpoint;
    if (!this.def.idToken || !jwks) return Promise.resolve(null);
    const issuerOverridden = typeof this.options.issuer === 'string' && !!this.options.issuer;
    return this.keys.verify(token, {
      jwksEndpoint: jwks,
      audience: this.client.clientId,
      issuer: this.endpoints.issuer,
      checkIssuer: issuerOverridden ? undefined : this.def.checkIssuer,
      nonce,
      maxAge: this.def.maxIdTokenAge,
      now: this.auth.now(),
    });
  }

  /**
   * The user behind a set of tokens: from the verified ID token where the
   * provider issued one, else from its user-info API; null when neither answers.
   */
  async userInfo(tokens: OAuthTokens, extra: { formUser?: AppleFormUser; claims?: JWTPayload } = {}): Promise<UserInfo | null> {
    let claims: JWTPayload | null = extra.claims ?? null;
    if (!claims && this.def.idToken && tokens.idToken) {
      claims = await this.verifyIdToken(tokens.idToken);
      // A token endpoint that hands out an ID token that does not verify is not to be believed at all.
      if (!claims) return null;
    }
    const call: ProfileCall = {
      tokens,
      claims,
      endpoints: this.endpoints,
      options: this.options,
      overridden: this.overridden,
      formUser: extra.formUser,
      fetchJson,
      fetchBinary,
    };
    let profile: Record<string, unknown> | null;
    try {
      profile = await this.def.fetchProfile(call);
    } catch (e) {
      this.auth.logger.warn({ provider: this.id, err: String(e) }, 'social: user info request failed');
      return null;
    }
    if (!profile) return null;
    const mapped = this.def.mapProfile(profile, call);
    if (!mapped.id) return null;
    const custom = this.options.mapProfileToUser ? await this.options.mapProfileToUser(profile) : {};
    const user: SocialUser = { ...mapped, ...custom, id: String(custom.id ?? mapped.id) };
    return { user, data: profile };
  }
}

/** The user-info endpoint, or a clear failure when a provider has none configured. */
export function userInfoURL(call: ProfileCall): string {
  const url = call.endpoints.userInfoEndpoint;
  if (!url) throw new Error('no user-info endpoint');
  return url;
}

export const bearer = (call: ProfileCall): Record<string, string> => ({ authorization: `Bearer ${call.tokens.accessToken ?? ''}` });
