import * as client from 'openid-client';
import type { CookieJar, TestClient } from '../../test-kit.js';
import { createApplication, type NewApplication } from './applications.js';
import type { ProviderStorage } from './storage.js';

export const REDIRECT_URI = 'http://app.localhost:4000/callback';
export const ISSUER = 'http://localhost:3000/api/auth';

/** An instance with the provider on (with `options`; `extra`: the instance's other options) and a signed-in admin. */
export async function asAdmin(
  clients: { open(options: object): Promise<TestClient> },
  options: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const t = await clients.open({ ...extra, oidcProvider: { enabled: true, ...options } });
  const { data } = await t.signUp({ name: 'Root' });
  const id = (data.user as { id: string }).id;
  await (await t.auth.context()).adapter.update('user', [{ field: 'id', value: id }], { role: 'admin' });
  return t;
}

/** Registers an application straight through the service (as the CLI does). */
export async function registerApp(t: TestClient, input: Partial<NewApplication> = {}) {
  return createApplication(await t.auth.context(), { name: 'Notes', redirectURIs: [REDIRECT_URI], ...input });
}

/**
 * A relying party (openid-client) whose HTTP goes to the instance's fetch handler; `before` sees
 * each request first (e.g. to move the test clock as a poller's wait would).
 */
export async function relyingParty(t: TestClient, clientId: string, clientSecret?: string, before?: (request: Request) => void): Promise<client.Configuration> {
  const fetcher: client.CustomFetch = async (url, init) => {
    const request = new Request(url, init as RequestInit);
    before?.(request);
    return t.auth.handler(request, { ip: '127.0.0.1' });
  };
  const auth = clientSecret ? client.ClientSecretBasic(clientSecret) : client.None();
  return client.discovery(new URL(ISSUER), clientId, undefined, auth, { execute: [client.allowInsecureRequests], [client.customFetch]: fetcher });
}

export interface Browser {
  jar: CookieJar;
  /** GET with the jar; the answer (no redirect followed). */
  get(url: string): Promise<Response>;
  /** Follows redirects while they stay on Gatehouse's API; answers the first Location elsewhere (the app's page or the RP's callback). */
  follow(url: string): Promise<string>;
}

export function browser(t: TestClient, jar = t.jar): Browser {
  const get = (url: string) => t.request(url.startsWith('/api/auth') ? `${t.baseURL}${url}` : url, { jar });
  return {
    jar,
    get,
    async follow(start) {
      let url = start;
      for (let hops = 0; hops < 20; hops++) {
        let r = await get(url);
        // A page that posts itself at once (the provider ending the previous account's session,
        // the device flow's verification and confirmation): post it, as often as they follow.
        for (let posts = 0; r.status === 200 && (r.headers.get('content-type') ?? '').startsWith('text/html'); posts++) {
          const html = await r.text();
          const action = /<form[^>]* method="post" action="([^"]+)"/.exec(html)?.[1];
          if (!action || posts > 3) throw new Error(`no redirect from ${url}: ${r.status} ${html}`);
          const fields = new URLSearchParams(
            [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!] as [string, string]),
          );
          r = await t.request(action, { jar, body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        }
        const location = r.headers.get('location');
        if (!location) throw new Error(`no redirect from ${url}: ${r.status} ${await r.text()}`);
        const next = new URL(location, url.startsWith('http') ? url : t.baseURL).href;
        if (!next.startsWith(`${t.baseURL}/api/auth/`)) return next;
        url = next;
      }
      throw new Error('too many redirects');
    },
  };
}

/** How the request goes: pushed first (PAR, RFC 9126), with a DPoP key (RFC 9449). */
export interface RequestOptions {
  par?: boolean;
  DPoP?: client.DPoPHandle;
}

/** An authorization request with PKCE; answers its URL and the verifier, state and nonce. */
export async function authorizationRequest(config: client.Configuration, params: Record<string, string> = {}, options: RequestOptions = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const build = options.par
    ? (c: client.Configuration, p: Record<string, string>) => client.buildAuthorizationUrlWithPAR(c, p, options)
    : client.buildAuthorizationUrl;
  const url = await build(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...params,
  });
  return { url: url.href, verifier, state, nonce };
}

/** Signs in (with the jar), authorizes and consents: answers the callback URL with its code. */
export async function codeFor(t: TestClient, config: client.Configuration, params: Record<string, string> = {}, options: RequestOptions = {}) {
  const req = await authorizationRequest(config, params, options);
  const b = browser(t);
  let at = await b.follow(req.url);
  if (at.startsWith(`${t.baseURL}/oauth/consent`)) {
    const uid = new URL(at).searchParams.get('uid')!;
    const r = await t.json<{ redirect: string }>(`/oauth2/interaction/${uid}/consent`, { body: { accept: true } });
    if (r.status !== 200) throw new Error(`consent: ${r.status} ${JSON.stringify(r.data)}`);
    at = await b.follow(r.data.redirect);
  }
  return { ...req, callback: new URL(at) };
}

/** A client-credentials token stored as oidc-provider stored them before ids took their creation time (`value`: 43 random characters). */
export async function storedBefore(storage: ProviderStorage, value: string, clientId: string, ttl = 600) {
  const iat = Math.floor(Date.now() / 1000);
  await storage.model('ClientCredentials').upsert(value, { iat, exp: iat + ttl, jti: value, kind: 'ClientCredentials', clientId }, ttl);
}
