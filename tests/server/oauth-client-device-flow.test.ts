import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startGatehouse, type Started } from './process.js';

const servers: Started[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

const jsonOf = (out: string) => JSON.parse(out.slice(out.indexOf('{'))) as { client_id: string; client_secret: string };
const basic = (c: { client_id: string; client_secret: string }) =>
  `Basic ${Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(c.client_secret)}`).toString('base64')}`;
const FORM = 'application/x-www-form-urlencoded';

describe('gatehouse oauth-client create --device-flow', () => {
  it('registers an application allowed the device grant; one without the flag is refused it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-device-cli-'));
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ oidcProvider: { enabled: true, deviceFlow: true } }));
    const made = await runCli(['oauth-client', 'create', '--name', 'TV', '--device-flow'], {}, cwd);
    expect(made.code, made.out).toBe(0);
    const tv = jsonOf(made.out);
    const plain = jsonOf((await runCli(['oauth-client', 'create', '--name', 'Machine'], {}, cwd)).out);
    expect((await runCli(['--help'])).out).toContain('[--device-flow]');

    const s = await startGatehouse({}, cwd);
    servers.push(s);
    const ask = (client: typeof tv) =>
      fetch(`${s.url}/api/auth/oidc/device/auth`, { method: 'POST', headers: { authorization: basic(client), 'content-type': FORM }, body: 'scope=openid' });

    const granted = await ask(tv);
    expect(granted.status).toBe(200);
    const codes = (await granted.json()) as { device_code: string; user_code: string; verification_uri: string };
    expect(codes.user_code.length).toBeGreaterThan(0);
    // Polled before anyone entered the code: pending, answered from Node's request by the provider.
    const poll = await fetch(`${s.url}/api/auth/oidc/token`, {
      method: 'POST',
      headers: { authorization: basic(tv), 'content-type': FORM },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: codes.device_code }).toString(),
    });
    expect(poll.status).toBe(400);
    expect(await poll.json()).toMatchObject({ error: 'authorization_pending' });

    const refused = await ask(plain);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'urn:ietf:params:oauth:grant-type:device_code is not allowed for this client',
    });
  });
});
