import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeySets, PrivateAddressError, publicDispatcher, publicOnlyLookup } from '../../kit.js';
import { useTestClients } from '../../test-kit.js';
import { newSSOPlugin } from './keys.js';
import { identify } from './oidc.js';
import type { OidcSettings } from './store.js';
import { ownerWithOrganization, ssoOptions } from './test-kit.js';

/**
 * DNS rebinding against SSO's outbound calls: the IdP's host name answers a public address when
 * the URL is checked and 127.0.0.1 when the connection is made. Names under `.rebind.test` are
 * resolved by the mocks below: `node:dns/promises` (the check) answers a public address,
 * `node:dns` (the connection's lookup) answers what `answers` holds. A loopback server counts the
 * requests that would reach the inside.
 */
const answers: { address: string; family: number }[] = [];
/** The names the connection-time lookup was asked for. */
const looked: string[] = [];
vi.mock('node:dns/promises', async (original) => {
  const real = await original<typeof import('node:dns/promises')>();
  const lookup = (async (host: string, options?: unknown) =>
    host.endsWith('.rebind.test') ? [{ address: '93.184.216.34', family: 4 }] : real.lookup(host, options as never)) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});
vi.mock('node:dns', async (original) => {
  const real = await original<typeof import('node:dns')>();
  const lookup = ((host: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (!host.endsWith('.rebind.test')) return real.lookup(host, options as never, callback as never);
    looked.push(host);
    setImmediate(() => callback(null, [...answers]));
  }) as unknown as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const clients = useTestClients();

/** A provider's OIDC settings with every endpoint at `base`. */
const settingsAt = (base: string): OidcSettings => ({
  clientId: 'client',
  clientSecret: 'secret',
  pkce: true,
  issuer: base,
  discoveryEndpoint: `${base}/.well-known/openid-configuration`,
  authorizationEndpoint: `${base}/auth`,
  tokenEndpoint: `${base}/token`,
  userInfoEndpoint: `${base}/me`,
  jwksEndpoint: `${base}/jwks`,
  scopes: ['openid'],
  tokenEndpointAuthentication: 'client_secret_basic',
});
/** The callback's input to `identify`. */
const CALLBACK = { code: 'c', codeVerifier: 'v'.repeat(43), redirectURI: 'http://localhost:3000/cb' };

describe('the connection-time lookup (publicOnlyLookup)', () => {
  const resolve = (list: { address: string; family: number }[], all: boolean) => {
    answers.splice(0, answers.length, ...list);
    return new Promise<{ err: Error | null; result: unknown }>((done) =>
      publicOnlyLookup('idp.rebind.test', { all }, (err, address, family) => done({ err, result: all ? address : { address, family } })),
    );
  };

  it('passes public answers, one or all', async () => {
    const list = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ];
    expect(await resolve(list, false)).toEqual({ err: null, result: { address: '93.184.216.34', family: 4 } });
    expect(await resolve(list, true)).toEqual({ err: null, result: list });
  });

  it('refuses when any answer is inward (loopback, private, link-local, mapped), and an empty answer', async () => {
    for (const inward of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1']) {
      for (const all of [false, true]) {
        const { err } = await resolve(
          [
            { address: '93.184.216.34', family: 4 },
            { address: inward, family: inward.includes(':') ? 6 : 4 },
          ],
          all,
        );
        expect(err, `${inward} all=${all}`).toBeInstanceOf(PrivateAddressError);
      }
    }
    expect((await resolve([], false)).err).toBeInstanceOf(PrivateAddressError);
  });
});

describe('SSO calls to an IdP whose name rebinds to loopback', () => {
  beforeAll(() => {
    answers.splice(0, answers.length, { address: '127.0.0.1', family: 4 });
  });

  it('registering an OIDC provider: discovery is refused at connection time as a private address; nothing reaches loopback', async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }));
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'rebind');
    const before = hits;
    const res = await t.json<{ code: string; message: string }>('/sso/register', {
      jar: owner,
      body: {
        providerId: 'rebind-oidc',
        issuer: `http://idp.rebind.test:${port}`,
        domain: 'rebind.example',
        organizationId,
        oidcConfig: { clientId: 'client', clientSecret: 'secret', pkce: true },
      },
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      code: 'ISSUER_NOT_ALLOWED',
      message: 'The identity provider is on a private or loopback address that is not a trusted origin',
    });
    expect(hits).toBe(before);
  });

  it('registering a SAML provider by its metadata URL: refused alike', async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }));
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'rebind-saml');
    const before = hits;
    const res = await t.json<{ code: string }>('/sso/register', {
      jar: owner,
      body: {
        providerId: 'rebind-saml',
        issuer: 'https://idp.rebind.test/saml',
        domain: 'rebind-saml.example',
        organizationId,
        samlConfig: { idpMetadata: { metadataUrl: `https://idp.rebind.test:${port}/metadata` }, spMetadata: { entityID: 'https://sp.rebind.example' } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('ISSUER_NOT_ALLOWED');
    expect(hits).toBe(before);
  });

  it('a provider registered earlier whose name now rebinds: the code exchange and the key set never reach loopback', async () => {
    const t = await clients.open(ssoOptions());
    const auth = await t.auth.context();
    const base = `http://idp.rebind.test:${port}`;
    const before = hits;
    looked.length = 0;
    expect(await identify(auth, newSSOPlugin(), settingsAt(base), 'secret', CALLBACK)).toEqual({ error: 'token_exchange_failed' });
    // Refused by the connection's own lookup (the check before it saw a public address).
    expect(looked).toEqual(['idp.rebind.test']);
    const keys = new KeySets(publicDispatcher());
    const token = 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJzdWIiOiJ4In0.c2ln';
    expect(await keys.verify(token, { jwksEndpoint: `${base}/jwks`, audience: 'client', issuer: base, now: Date.now() })).toBeNull();
    expect(looked).toEqual(['idp.rebind.test', 'idp.rebind.test']);
    expect(hits).toBe(before);
  });

  it('the same loopback server is reached through a trusted origin (the check is per origin, not a blanket refusal)', async () => {
    const t = await clients.open(ssoOptions({}, { trustedOrigins: [`http://127.0.0.1:${port}`] }));
    const auth = await t.auth.context();
    const before = hits;
    const base = `http://127.0.0.1:${port}`;
    const result = await identify(auth, newSSOPlugin(), settingsAt(base), 'secret', CALLBACK);
    // The server answered `{}` (no tokens, no user): the exchange reached it.
    expect(result).toEqual({ error: 'missing_user_info' });
    expect(hits).toBe(before + 1);
  });
});
