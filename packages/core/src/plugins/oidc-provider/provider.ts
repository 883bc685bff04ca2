import { hkdfSync } from 'node:crypto';
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AuthContext } from '../../context.js';
import { fetchFromNode } from '../../node-bridge.js';
import type { UserRow } from '../../session/types.js';
import type { OidcProviderConfig } from './config.js';
import { signingKeys } from './keys.js';
import { page } from './pages.js';
import { modelStores } from './storage.js';

/** The provider's own routes, below the base path (beside Gatehouse's: `/token` and `/jwks` are the jwt plugin's). */
export const OIDC_ROUTES = {
  authorization: '/oidc/authorize',
  token: '/oidc/token',
  userinfo: '/oidc/userinfo',
  jwks: '/oidc/jwks',
  end_session: '/oidc/end-session',
  revocation: '/oidc/revoke',
  introspection: '/oidc/introspect',
} as const;

/** What the mount hands to oidc-provider: its routes and its two discovery documents. */
export const OIDC_MOUNT = {
  prefixes: ['/oidc/'],
  paths: ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'],
};

export const INTERACTION_PATH = '/oauth2/interaction';

export interface OidcRuntime {
  provider: Provider;
  fetch(request: Request, ip: string | null): Promise<Response>;
}

function cookieKeys(auth: AuthContext, config: OidcProviderConfig): string[] {
  if (config.cookieKeys?.length) return config.cookieKeys;
  return auth.options.secrets.map((s) => Buffer.from(hkdfSync('sha256', s, 'gatehouse', 'oidc-provider-cookies', 32)).toString('base64url'));
}

/** The claims of a person for the `openid`, `email` and `profile` scopes. */
function claimsOf(user: UserRow) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: Boolean(user.emailVerified),
    name: user.name,
    ...(user.image ? { picture: user.image } : {}),
  };
}

/** Builds the provider (oidc-provider) for this instance: issuer `{BASE_URL}{basePath}`. */
export async function createOidcRuntime(auth: AuthContext, config: OidcProviderConfig): Promise<OidcRuntime> {
  const issuer = `${auth.baseURL}${auth.basePath}`;
  // Loaded only when the provider is on: an instance without it never reads oidc-provider and Koa.
  const { default: OidcProvider, interactionPolicy } = await import('oidc-provider');
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
  const configuration: Configuration = {
    adapter: modelStores(auth),
    jwks: { keys: (await signingKeys(auth)) as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: cookieKeys(auth, config) },
    routes: OIDC_ROUTES,
    ...(config.fetch ? { fetch: config.fetch as NonNullable<Configuration['fetch']> } : {}),
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx, sub) {
      const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: sub }]);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => claimsOf(user) };
    },
    interactions: { policy, url: (_ctx, interaction) => `${auth.basePath}${INTERACTION_PATH}/${interaction.uid}` },
    pkce: { required: () => true },
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: config.accessTokenTTL,
      IdToken: config.idTokenTTL,
      RefreshToken: config.refreshTokenTTL,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: config.refreshTokenTTL,
      ClientCredentials: config.accessTokenTTL,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = page('Sign out', `<h1>Sign out</h1><p>Do you want to sign out of ${ctx.oidc.client?.clientName ? escapeHtml(ctx.oidc.client.clientName) : 'this application'}?</p>${form}<div class="actions"><button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button><button type="submit" form="op.logoutForm">Stay signed in</button></div>`);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page('Signed out', `<h1>Signed out</h1><p>You are signed out${ctx.oidc.client?.clientName ? ` of ${escapeHtml(ctx.oidc.client.clientName)}` : ''}.</p>`);
        },
      },
    },
    clientBasedCORS(_ctx, origin, client) {
      return origin !== 'null' && client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) === true;
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>This sign-in cannot continue</h1><p class="error">${escapeHtml(String(out.error_description ?? out.error))}</p><p class="muted">Error: ${escapeHtml(String(out.error))}</p>`);
    },
  };
  const provider = new OidcProvider(issuer, configuration);
  // URLs and cookies follow the base URL (the bridge says so through X-Forwarded-*, set by Gatehouse, never the caller's).
  provider.proxy = true;
  // Signing out at the provider (RP-initiated logout) signs out of Gatehouse too: one session.
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
  const fetch = await fetchFromNode(provider.callback(), { mountPath: auth.basePath, publicURL: new URL(auth.baseURL) });
  return { provider, fetch };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
