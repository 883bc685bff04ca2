import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startGatehouse, type Started } from './process.js';

/**
 * `npm start` serves the OpenID provider's paths from Node's own request: oidc-provider's
 * `callback()` on the `http` server, no request injection in between (issue 40). The server
 * process records every module it resolves (Node's module hooks, as lazy-modules.test.ts): it
 * answers discovery, a client-credentials grant, introspection, a refused secret and the token
 * endpoint's rate limit, and light-my-request (the Fetch bridge's injection library, for
 * `auth.handler(Request)` used without Node's server) is never loaded.
 */
const RECORDER = join(import.meta.dirname, 'fixtures/record-imports.mjs');
const INJECTION = /\/node_modules\/light-my-request\//;
const OIDC = /\/node_modules\/oidc-provider\//;
const FORM = 'application/x-www-form-urlencoded';

let server: Started;
let loaded: () => string[];
let basic: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-oidc-node-'));
  const log = join(dir, 'imports.log');
  writeFileSync(log, '');
  const env = { OIDC_PROVIDER: 'on' };
  const made = await runCli(['oauth-client', 'create', '--name', 'Machine'], env, dir);
  expect(made.code, made.out).toBe(0);
  const client = JSON.parse(made.out.slice(made.out.indexOf('{'))) as { client_id: string; client_secret: string };
  basic = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
  server = await startGatehouse({ ...env, RATE_LIMIT: 'on', NODE_OPTIONS: `--import ${RECORDER}`, GATEHOUSE_IMPORT_LOG: log }, dir);
  loaded = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** A request with its target sent exactly as written (fetch would resolve dot segments first). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const url = new URL(server.url);
    const r = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    r.on('error', fail);
    r.end();
  });
}

const grant = (authorization: string) =>
  fetch(`${server.url}/api/auth/oidc/token`, { method: 'POST', headers: { authorization, 'content-type': FORM }, body: 'grant_type=client_credentials' });

describe('the OpenID provider on `npm start`', () => {
  it('answers from Node’s request without loading light-my-request', async () => {
    // The caller's X-Forwarded-* are never believed: the issuer is the base URL's.
    const discovery = await fetch(`${server.url}/api/auth/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(discovery.status).toBe(200);
    const document = (await discovery.json()) as Record<string, unknown>;
    expect(document.issuer).toBe(`${server.url}/api/auth`);
    expect(document.token_endpoint).toBe(`${server.url}/api/auth/oidc/token`);

    const token = await grant(basic);
    expect(token.status).toBe(200);
    const issued = (await token.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(issued.token_type).toBe('Bearer');
    expect(issued.expires_in).toBeGreaterThan(0);

    const introspected = await fetch(`${server.url}/api/auth/oidc/introspect`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': FORM },
      body: new URLSearchParams({ token: issued.access_token }).toString(),
    });
    expect(introspected.status).toBe(200);
    expect(await introspected.json()).toMatchObject({ active: true, token_type: 'Bearer' });

    const refused = await grant(`Basic ${Buffer.from('nobody:wrong').toString('base64')}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });

    // A target with dot segments goes where its URL says, as through the Fetch handler.
    const dotted = await raw('/api/auth/oidc/../.well-known/openid-configuration');
    expect(dotted.status).toBe(200);
    expect(JSON.parse(dotted.body).issuer).toBe(`${server.url}/api/auth`);
    // Gatehouse's own routes beside the mount are untouched.
    expect((await fetch(`${server.url}/api/auth/ok`)).status).toBe(200);

    const modules = loaded();
    expect(modules.some((url) => OIDC.test(url))).toBe(true);
    expect(modules.filter((url) => INJECTION.test(url))).toEqual([]);
  });

  it('counts the token endpoint’s rate limit before the provider, as the Fetch handler does', async () => {
    // The plugin's rule: 20 requests in 10 s per client address, here from one address; the
    // requests of the test above counted too.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await grant(basic)).status);
    const limited = await grant(basic);
    expect(statuses).toContain(200);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(loaded().filter((url) => INJECTION.test(url))).toEqual([]);
  });
});
