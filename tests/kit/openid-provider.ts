/**
 * A real OpenID provider (oidc-provider 9) on loopback, standing in for Google through the
 * endpoint overrides: for the social flow over HTTP (packages/core/src/social/oidc.test.ts)
 * and in the browser (tests/browser/social.test.ts). Its login is a small HTML form
 * ("Username", "Continue"); posting it, from a browser or from a test, finishes the login
 * and consent interaction for that account.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The `socialProviders.google` options pointing Gatehouse at this provider (`extra` merged in). */
  googleOptions(extra?: Record<string, unknown>): Record<string, unknown>;
  /** Follows the provider's redirects from `authorizationURL` as a browser would, logging in as `account` at the interaction; answers the first redirect away from it (back to Gatehouse). */
  authorize(authorizationURL: string, account: string): Promise<string>;
  close(): Promise<void>;
}

export interface OpenIdProviderOptions {
  /** Gatehouse's `{BASE_URL}/api/auth/callback/google`. */
  redirectURI: string;
  /** The accounts that can log in, by username (their `sub`), with their claims. */
  accounts: Record<string, Record<string, unknown>>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/** Follows the provider's redirects as a browser would, logging in as `account` at the interaction. */
async function authorizeAt(issuer: string, authorizationURL: string, account: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationURL;
  let method = 'GET';
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith('/')) url = `${issuer}${url}`;
    if (!url.startsWith(issuer)) return url;
    const interactionPage = /\/interaction\/[^/]+$/.test(new URL(url).pathname);
    if (interactionPage) {
      method = 'POST';
      url = `${url}/login`;
    }
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'POST' ? new URLSearchParams({ login: account }).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    if (res.status < 300 || res.status >= 400) throw new Error(`OP answered ${res.status}: ${await res.text()}`);
    url = res.headers.get('location')!;
    method = 'GET';
  }
  throw new Error('too many redirects');
}

/** Starts the provider on a free loopback port. */
export async function startOpenIdProvider({ redirectURI, accounts }: OpenIdProviderOptions): Promise<OpenIdProvider> {
  const clientId = 'gatehouse-test';
  const clientSecret = 'a-long-enough-client-secret-for-oidc-provider';
  let op: InstanceType<typeof Provider> | undefined;

  const interaction = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const provider = op!;
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head><body>` +
          `<h1>Test OpenID provider</h1><p>Signing in to ${escapeHtml(String(details.params.client_id))}</p>` +
          `<form method="post" action="/interaction/${escapeHtml(details.uid)}/login">` +
          `<label for="login">Username</label> <input id="login" name="login" autocomplete="username"> ` +
          `<button type="submit">Continue</button></form></body></html>`,
      );
      return;
    }
    if (req.method === 'POST' && path.endsWith('/login')) {
      const accountId = (await readBody(req)).get('login') ?? '';
      if (!accounts[accountId]) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`unknown account ${accountId}`);
        return;
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant!.addOIDCScope(String(details.params.scope));
      const grantId = await grant!.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(404);
    res.end();
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      });
      return;
    }
    op!.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-op-key', alg: 'RS256', use: 'sig' };
  op = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectURI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-op-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture', 'groups'] },
    // The scope claims in the ID token too, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 3600, RefreshToken: 86400, IdToken: 3600 },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = accounts[sub];
      return claims ? { accountId: sub, claims: async () => ({ ...claims, sub }) } : undefined;
    },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    authorize: (authorizationURL, account) => authorizeAt(issuer, authorizationURL, account),
    googleOptions: (extra = {}) => ({
      clientId,
      clientSecret,
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      userInfoEndpoint: `${issuer}/me`,
      jwksEndpoint: `${issuer}/jwks`,
      issuer,
      // oidc-provider knows login / consent / none, not Google's default select_account;
      // consent also lets it grant offline_access (a refresh token).
      prompt: 'consent',
      ...extra,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
