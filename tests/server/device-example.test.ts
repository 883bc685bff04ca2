import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startGatehouse, type Started } from './process.js';

const servers: Started[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

/** A browser's cookies, by name (the server's and the provider's), and its requests with them. */
function browser(base: string) {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method === 'POST') headers.set('origin', base);
    const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  };
  return {
    post: (path: string, body: unknown) => send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    /**
     * Follows redirects until a page of the app (not the API), posting the pages that post themselves at
     * once (the provider's device-code confirmation), as a browser does: answers the page's URL.
     */
    async follow(url: string): Promise<URL> {
      let at = new URL(url, base);
      for (let hops = 0; hops < 20 && at.pathname.startsWith('/api/'); hops++) {
        let res = await send(at.href);
        for (let posts = 0; res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html') && posts < 4; posts++) {
          const html = await res.text();
          const action = /<form[^>]* method="post" action="([^"]+)"/.exec(html)?.[1];
          if (!action) throw new Error(`no redirect from ${at.href}: ${html}`);
          const fields = new URLSearchParams(
            [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!] as [string, string]),
          );
          res = await send(new URL(action, at).href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: fields.toString(),
          });
        }
        const next = res.headers.get('location');
        await res.arrayBuffer().catch(() => undefined);
        if (!next) throw new Error(`no redirect from ${at.href}: ${res.status}`);
        at = new URL(next, at);
      }
      return at;
    },
  };
}

describe('gatehouse oauth-client example-device', () => {
  it('prints a device client that signs a terminal in while a person enters the code in their browser', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-device-example-'));
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ oidcProvider: { enabled: true, deviceFlow: true } }));
    const made = await runCli(['oauth-client', 'create', '--name', 'Terminal', '--device-flow'], {}, cwd);
    expect(made.code, made.out).toBe(0);
    const app = JSON.parse(made.out.slice(made.out.indexOf('{'))) as { client_id: string; client_secret: string };
    const s = await startGatehouse({}, cwd);
    servers.push(s);
    const port = new URL(s.url).port;

    // Without --client-id, or for an application without the device flow: refused in words.
    expect(await runCli(['oauth-client', 'example-device'], { PORT: port }, cwd)).toMatchObject({ code: 2 });
    const machine = JSON.parse(((await runCli(['oauth-client', 'create', '--name', 'Machine'], {}, cwd)).out.match(/\{[\s\S]*\}/) ?? ['{}'])[0]) as {
      client_id: string;
    };
    const refused = await runCli(['oauth-client', 'example-device', '--client-id', machine.client_id], { PORT: port }, cwd);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('may not use device sign-in');

    const printed = await runCli(['oauth-client', 'example-device', '--client-id', app.client_id], { PORT: port }, cwd);
    expect(printed.code, printed.out).toBe(0);
    expect(printed.out).toContain("import * as client from 'openid-client'");
    expect(printed.out).not.toContain(app.client_secret);
    // Beside the repository's node_modules, so that the script's `openid-client` resolves as in an app that installed it.
    const dir = join(import.meta.dirname, '../../node_modules/.cache');
    mkdirSync(dir, { recursive: true });
    const script = join(mkdtempSync(join(dir, 'device-example-')), 'device.mjs');
    writeFileSync(script, printed.out);

    const terminal = spawn(process.execPath, [script], {
      env: { ...process.env, GATEHOUSE_CLIENT_SECRET: app.client_secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    terminal.stdout.on('data', (d) => (out += d));
    terminal.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((ok) => terminal.on('exit', ok));
    const deadline = Date.now() + 20_000;
    while (!/enter (\S+)/.test(out)) {
      if (terminal.exitCode !== null || Date.now() > deadline) throw new Error(`the example did not print a code: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const userCode = /enter (\S+)/.exec(out)![1]!;
    expect(out).toContain(`${s.url}/device`);

    // The person, in their browser: signed in, enters the code, consents.
    const person = browser(s.url);
    expect((await person.post('/api/auth/sign-up/email', { name: 'Dee Vice', email: 'dee@example.com', password: 'quiet-meadow-4821' })).status).toBe(200);
    const checked = await person.post('/api/auth/oauth2/device/verify', { userCode });
    expect(checked.status).toBe(200);
    const consent = await person.follow(((await checked.json()) as { redirect: string }).redirect);
    expect(consent.pathname).toBe('/oauth/consent');
    const accepted = await person.post(`/api/auth/oauth2/interaction/${consent.searchParams.get('uid')}/consent`, { accept: true });
    expect(accepted.status).toBe(200);
    await person.follow(((await accepted.json()) as { redirect: string }).redirect);

    expect(await exited, out).toBe(0);
    expect(out).toContain('Signed in as dee@example.com');
  }, 60_000);
});
