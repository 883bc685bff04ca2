import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startGatehouse, type Started } from './process.js';

const servers: Started[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

/** The CLI prints stdout and stderr together here; oidc-provider may warn first on Node 20. */
const jsonOf = (out: string) => JSON.parse(out.slice(out.indexOf('{'))) as Record<string, unknown>;

describe('gatehouse oauth-client create', () => {
  it('registers an app that a fresh `npm start` with the provider on serves', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-oauth-'));
    const env = { OIDC_PROVIDER: 'on' };
    const confidential = await runCli(
      ['oauth-client', 'create', '--name', 'Notes', '--redirect-uri', 'https://notes.example/cb', '--redirect-uri', 'https://notes.example/cb2'],
      env,
      cwd,
    );
    expect(confidential.code, confidential.out).toBe(0);
    const app = jsonOf(confidential.out);
    expect(app).toMatchObject({
      client_name: 'Notes',
      redirect_uris: ['https://notes.example/cb', 'https://notes.example/cb2'],
      token_endpoint_auth_method: 'client_secret_basic',
      first_party: false,
    });
    expect(String(app.client_secret).length).toBeGreaterThan(30);
    const spa = jsonOf(
      (await runCli(['oauth-client', 'create', '--name', 'SPA', '--redirect-uri', 'https://spa.example/cb', '--public', '--first-party'], env, cwd)).out,
    );
    expect(spa.client_secret).toBeUndefined();
    expect(spa).toMatchObject({ token_endpoint_auth_method: 'none', first_party: true });

    const s = await startGatehouse(env, cwd);
    servers.push(s);
    const discovery = (await (await fetch(`${s.url}/api/auth/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${s.url}/api/auth`);
    expect(app.issuer).toBe('http://localhost:3000/api/auth');
    // The registered client is known to the running provider: client credentials with its secret.
    const token = await fetch(`${s.url}/api/auth/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
  });

  it('refuses wrong usage and a provider that is off', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-oauth-'));
    expect((await runCli(['oauth-client', 'create', '--redirect-uri', 'https://x.example/cb'], { OIDC_PROVIDER: 'on' }, cwd)).code).toBe(2);
    expect((await runCli(['oauth-client', 'create', '--name', 'X', '--public'], { OIDC_PROVIDER: 'on' }, cwd)).code).toBe(2);
    expect((await runCli(['oauth-client', 'list'], { OIDC_PROVIDER: 'on' }, cwd)).code).toBe(2);
    const bad = await runCli(['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'not a url'], { OIDC_PROVIDER: 'on' }, cwd);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Redirect URIs must be absolute http(s) URLs');
    const off = await runCli(['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'https://x.example/cb'], {}, cwd);
    expect(off.code).toBe(1);
    expect(off.out).toContain('OIDC_PROVIDER=on');
    expect((await runCli(['--help'])).out).toContain('gatehouse oauth-client create');
  });

  it('registers an app when the provider keeps its data in Redis (REDIS_URL), whose grants and introspection the server answers from there', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-oauth-redis-'));
    const config = join(cwd, 'gatehouse.json');
    writeFileSync(config, JSON.stringify({ oidcProvider: { enabled: true, storage: 'secondary-storage' } }));
    const prefix = `gh-oauth-cli-${process.pid}-${Date.now()}:`;
    const env = { GATEHOUSE_CONFIG: config, REDIS_URL: `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}?prefix=${prefix}` };
    const made = await runCli(['oauth-client', 'create', '--name', 'Worker'], env, cwd);
    expect(made.code, made.out).toBe(0);
    const app = jsonOf(made.out);

    const s = await startGatehouse(env, cwd);
    servers.push(s);
    const post = (path: string, body: string) =>
      fetch(`${s.url}/api/auth${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`,
        },
        body,
      });
    const granted = await post('/oidc/token', 'grant_type=client_credentials');
    expect(granted.status).toBe(200);
    const { access_token: token } = (await granted.json()) as { access_token: string };
    expect(await (await post('/oidc/introspect', `token=${token}`)).json()).toMatchObject({ active: true, client_id: app.client_id });
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.includes(token))).toBe(true);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
