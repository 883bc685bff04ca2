import { hkdfSync } from 'node:crypto';
import type { Adapter as OidcAdapter, default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { AuthContext, UserRow } from '../../kit.js';
import { ACR_VALUES } from './acr.js';
import { asksOrganization, claimsConfig, claimsFor, rememberedOrganization, scopesFor } from './claims.js';
import type { OidcProviderConfig } from './config.js';
import { errorPage, escapeHtml, page } from './pages.js';
import { ConsumedAlready, type ProviderStorage, SeenAlready } from './storage.js';
import { DEVICE_GRANT, newClientId } from './applications.js';
import { deviceFlowFeature, pacedDeviceCodes } from './device.js';
import { resourceIndicatorsFeature, tokenPolicy } from './resource-policy.js';

/** The provider's own routes, below the base path (beside Gatehouse's: `/token` and `/jwks` are the jwt plugin's). */
export const OIDC_ROUTES = {
  authorization: '/oidc/authorize',
  token: '/oidc/token',
  userinfo: '/oidc/userinfo',
  jwks: '/oidc/jwks',
  end_session: '/oidc/end-session',
  revocation: '/oidc/revoke',
  introspection: '/oidc/introspect',
  // oidc-provider 9 turns pushed authorization requests (RFC 9126) on by default and names this
  // endpoint in discovery: it must be under the mount, as every endpoint discovery names.
  pushed_authorization_request: '/oidc/par',
  device_authorization: '/oidc/device/auth',
  code_verification: '/oidc/device',
  registration: '/oidc/register',
} as const;

export const INTERACTION_PATH = '/oauth2/interaction';

function cookieKeys(auth: AuthContext, config: OidcProviderConfig): string[] {
  if (config.cookieKeys?.length) return config.cookieKeys;
  return auth.options.secrets.map((s) => Buffer.from(hkdfSync('sha256', s, 'gatehouse', 'oidc-provider-cookies', 32)).toString('base64url'));
}

type OidcModule = typeof import('oidc-provider');

/**
 * oidc-provider's prompts, plus: login when the Gatehouse session ended or changed; consent
 * (answered at once when remembered) when the active organization changed since the grant.
 */
function policyOf(auth: AuthContext, storage: ProviderStorage, organizations: boolean, { interactionPolicy }: OidcModule) {
  const policy = interactionPolicy.base();
  // The provider's own session lasts only as long as the Gatehouse session it came from: signed
  // out of Gatehouse (or signed in as someone else), an app's request asks for a sign-in again.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('gatehouse_session', 'the Gatehouse session ended or changed', 'login_required', async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return false;
      const live = await auth.sessions.fromCookieHeader(ctx.get('cookie') || null);
      return live?.user.id !== accountId;
    }),
  );
  policy.get('consent')!.checks.add(
    new interactionPolicy.Check('gatehouse_organization', 'the active organization changed', async (ctx) => {
      const grantId = ctx.oidc.grant?.jti;
      if (
        !organizations ||
        !grantId ||
        !String(ctx.oidc.params?.scope ?? '')
          .split(' ')
          .includes('organization')
      )
        return false;
      const live = await auth.sessions.fromCookieHeader(ctx.get('cookie') || null);
      const active = (live?.session.activeOrganizationId as string | null | undefined) ?? null;
      return (await rememberedOrganization(storage, grantId)) !== active;
    }),
  );
  return policy;
}

/** The models used once: those oidc-provider consumes (a code, a rotated refresh token, a pushed request, a CIBA request), and an initial access token (`oneClient`). */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken', 'PushedAuthorizationRequest', 'BackchannelAuthenticationRequest', 'InitialAccessToken']);

/** oidc-provider's own answer to a single-use instance used again (its words, from its grant handlers). */
function reuseError(oidc: OidcModule, model: string): Error {
  switch (model) {
    case 'RefreshToken':
      return new oidc.errors.InvalidGrant('refresh token already used');
    case 'PushedAuthorizationRequest':
      return new oidc.errors.InvalidRequestUri('request_uri is invalid, expired, or was already used');
    case 'DeviceCode':
      return new oidc.errors.InvalidGrant('device code already consumed');
    case 'BackchannelAuthenticationRequest':
      return new oidc.errors.InvalidGrant('backchannel authentication request already consumed');
    case 'InitialAccessToken':
      return new oidc.errors.InvalidToken('initial access token already used');
    default:
      return new oidc.errors.InvalidGrant('authorization code already consumed');
  }
}

/**
 * `inner` whose `consume` answers a request that lost the race for a single-use instance (the
 * storage's `ConsumedAlready`) as oidc-provider answers a reuse one after another: the grant's
 * tokens revoked (RFC 6749 §4.1.2; a refresh token's family, RFC 9700 §4.14.2), then its error.
 */
function singleUse(inner: OidcAdapter, name: string, oidc: OidcModule): OidcAdapter {
  return {
    upsert: (id, payload, expiresIn) => inner.upsert(id, payload, expiresIn),
    find: (id) => inner.find(id),
    findByUserCode: (code) => inner.findByUserCode(code),
    findByUid: (uid) => inner.findByUid(uid),
    destroy: (id) => inner.destroy(id),
    revokeByGrantId: (grantId) => inner.revokeByGrantId(grantId),
    async consume(id) {
      try {
        await inner.consume(id);
      } catch (error) {
        if (!(error instanceof ConsumedAlready)) throw error;
        if (error.grantId && name !== 'PushedAuthorizationRequest') await inner.revokeByGrantId(error.grantId);
        throw reuseError(oidc, name);
      }
    },
  };
}

/**
 * The provider's store of one model: a single-use model consumed once (`singleUse`), device codes
 * paced (slow_down); an application allowed the device grant keeps it only while the plugin's
 * `deviceFlow` is on (else the provider would refuse the client).
 */
function adapterOf(auth: AuthContext, config: OidcProviderConfig, storage: ProviderStorage, name: string, oidc: OidcModule) {
  const inner = storage.model(name);
  if (name === 'DeviceCode') return singleUse(pacedDeviceCodes(inner, auth, config.devicePollInterval, oidc), name, oidc);
  if (SINGLE_USE.has(name)) return singleUse(inner, name, oidc);
  if (name !== 'Client' || config.deviceFlow) return inner;
  return {
    ...inner,
    upsert: inner.upsert.bind(inner),
    destroy: inner.destroy.bind(inner),
    async find(id: string) {
      const client = await inner.find(id);
      const grants = client?.grant_types as string[] | undefined;
      return client && grants?.includes(DEVICE_GRANT) ? { ...client, grant_types: grants.filter((g) => g !== DEVICE_GRANT) } : client;
    },
  } as typeof inner;
}

/** The policy of every initial access token an admin issues: it registers one client (RFC 7591 leaves how many to the server). */
export const ONE_CLIENT = 'gatehouse-one-client';

/**
 * Uses the request's initial access token up, once the metadata it registers is valid (a refused
 * registration leaves the token for a corrected one): of several registrations with one token,
 * at once or one after another, one goes on (the storage's compare-and-set decides), and the
 * others are answered as a token not found is (401 invalid_token).
 */
function oneClient(oidc: OidcModule) {
  return async (ctx: KoaContextWithOIDC, properties: Record<string, unknown>) => {
    await (ctx.oidc.provider.Client as unknown as { validate(metadata: Record<string, unknown>): Promise<void> }).validate(properties);
    const token = ctx.oidc.entities.InitialAccessToken as { jti: string; adapter: OidcAdapter } | undefined;
    if (!token) throw new oidc.errors.InvalidToken('initial access token not found');
    // Through the provider's own store of the model (`adapterOf`): a token used already is `singleUse`'s reuse error.
    await token.adapter.consume(token.jti);
  };
}

/** oidc-provider's configuration for this instance, signing with `keys`. */
export function configurationOf(auth: AuthContext, config: OidcProviderConfig, storage: ProviderStorage, keys: JWK[], oidc: OidcModule): Configuration {
  const organizations = auth.features.organization === true;
  return {
    adapter: (name: string) => adapterOf(auth, config, storage, name, oidc),
    jwks: { keys: keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: cookieKeys(auth, config) },
    routes: OIDC_ROUTES,
    ...(config.fetch ? { fetch: config.fetch as NonNullable<Configuration['fetch']> } : {}),
    scopes: scopesFor(organizations),
    claims: claimsConfig(organizations),
    async findAccount(ctx, sub, token) {
      const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: sub }]);
      if (!user) return undefined;
      const grantId = token?.grantId ?? ctx.oidc.entities.Grant?.jti;
      return {
        accountId: sub,
        // The organization remembered for the grant is read only when its claims may be released.
        claims: (_use, scope, requested) => claimsFor(auth, storage, user, organizations && asksOrganization(scope, requested) ? grantId : undefined),
      };
    },
    interactions: {
      policy: policyOf(auth, storage, organizations, oidc),
      url: (_ctx, interaction) => `${auth.basePath}${INTERACTION_PATH}/${interaction.uid}`,
    },
    acrValues: ACR_VALUES,
    // Which APIs an application may ask tokens for (its settings); never set through registration.
    extraClientMetadata: {
      properties: ['gatehouse_resources'],
      validator(ctx, key, value, metadata) {
        if (key === 'gatehouse_resources' && ctx?.oidc?.route === 'registration' && value !== undefined) metadata.gatehouse_resources = undefined;
      },
    },
    pkce: { required: () => true },
    rotateRefreshToken: () => true,
    ttl: {
      // A token for a registered API lives as long as the API says.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? config.accessTokenTTL,
      IdToken: config.idTokenTTL,
      RefreshToken: config.refreshTokenTTL,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: config.refreshTokenTTL,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? config.accessTokenTTL,
      DeviceCode: config.deviceCodeTTL,
      InitialAccessToken: config.initialAccessTokenTTL,
    },
    features: {
      devInteractions: { enabled: false },
      // The `claims` request parameter: how an app asks for an essential acr.
      claimsParameter: { enabled: true },
      clientCredentials: { enabled: true },
      revocation: { enabled: true, allowedPolicy: tokenPolicy(auth) },
      introspection: { enabled: true, allowedPolicy: tokenPolicy(auth) },
      deviceFlow: deviceFlowFeature(config),
      resourceIndicators: resourceIndicatorsFeature(auth, oidc),
      // DPoP (RFC 9449) is on: a client sending a proof gets bound tokens; `requireDPoP` makes it a must.
      dPoP: { enabled: true },
      // Only with an initial access token an admin issued (POST /oauth2/initial-access-token).
      // Its client IDs have the applications' form (the library's own may begin with '-').
      registration: {
        enabled: config.dynamicRegistration,
        initialAccessToken: true,
        idFactory: newClientId,
        policies: { [ONE_CLIENT]: oneClient(oidc) },
      },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out</h1><p>Do you want to sign out of ${ctx.oidc.client?.clientName ? escapeHtml(ctx.oidc.client.clientName) : 'this application'}?</p>${form}<div class="actions"><button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button><button type="submit" form="op.logoutForm">Stay signed in</button></div>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page(
            'Signed out',
            `<h1>Signed out</h1><p>You are signed out${ctx.oidc.client?.clientName ? ` of ${escapeHtml(ctx.oidc.client.clientName)}` : ''}.</p>`,
          );
        },
      },
    },
    clientBasedCORS(_ctx, origin, client) {
      return origin !== 'null' && client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) === true;
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description === undefined ? undefined : String(out.error_description));
    },
  };
}

/**
 * oidc-provider's replay check of DPoP proofs and client assertions (`ReplayDetection.unique`) looks
 * the jti up, then saves it: requests racing each other with one proof all passed the look-up. The
 * storage's save decides instead (a jti saved first by another request throws `SeenAlready`), and
 * the request that lost is answered as the check answers a replay one after another.
 */
export function atomicReplayChecks(provider: Provider): void {
  const replay = provider.ReplayDetection as unknown as { unique(iss: string, jti: string, exp: number): Promise<boolean> };
  const unique = replay.unique.bind(replay);
  replay.unique = async (iss, jti, exp) => {
    try {
      return await unique(iss, jti, exp);
    } catch (error) {
      if (error instanceof SeenAlready) return false;
      throw error;
    }
  };
}

/** What the provider does on its events: an RP-initiated sign-out ends the Gatehouse session; failures are logged. */
export function listen(auth: AuthContext, provider: Provider): void {
  // Only for a full sign-out of the account the provider session was of: the provider also ends
  // its session itself when someone else signs in in the same browser, which must not sign them out.
  provider.on('end_session.success', (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    if (!accountId || !ctx.oidc.params?.logout) return;
    void (async () => {
      const live = await auth.sessions.fromCookieHeader(ctx.get('cookie') || null);
      if (live?.user.id === accountId) await auth.sessions.revoke(live.session.id);
    })().catch((error: unknown) => auth.logger.error({ err: error }, 'could not end the Gatehouse session at an OpenID sign-out'));
  });
  provider.on('server_error', (_ctx, error) => auth.logger.error({ err: error }, 'oidc-provider failed'));
}
