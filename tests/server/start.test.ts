import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, startGatehouse, type Started } from './process.js';

const servers: Started[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('npm start', () => {
  it('with nothing configured: SQLite under ./data, sign-up, sign-in and get-session over HTTP', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-start-'));
    const s = await startGatehouse({}, cwd);
    servers.push(s);
    expect(s.output()).toContain(`listening on`);
    const email = `proc-${Date.now()}@example.com`;
    const up = await fetch(`${s.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Proc', email, password: 'quiet-meadow-4821' }),
    });
    expect(up.status).toBe(200);
    // The common-password check reads the index the build wrote beside the bundle.
    const common = await fetch(`${s.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Proc', email: `common-${email}`, password: 'Sunshine1' }),
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_COMPROMISED' });
    const index = join(ROOT, 'packages/server/dist/common-passwords.idx');
    expect(existsSync(index)).toBe(true);
    if (process.platform === 'linux') {
      // Read from the index, not the list's text: the server holds the index open.
      const open = readdirSync(`/proc/${s.child.pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${s.child.pid}/fd/${fd}`);
        } catch {
          return '';
        }
      });
      expect(open).toContain(index);
    }
    const signIn = await fetch(`${s.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'quiet-meadow-4821' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = await (await fetch(`${s.url}/api/auth/get-session`, { headers: { cookie } })).json();
    expect(session.user.email).toBe(email);
    expect(existsSync(join(cwd, 'data/gatehouse.db'))).toBe(true);
    // Answers of different lengths, one after another, each complete (Content-Length is per answer).
    for (const path of ['/ok', '/get-session', '/ok', '/list-sessions', '/get-session']) {
      const r = await fetch(`${s.url}/api/auth${path}`, { headers: { cookie } });
      expect(r.status, path).toBe(200);
      const text = await r.text();
      expect(Number(r.headers.get('content-length')), path).toBe(Buffer.byteLength(text));
      expect(() => JSON.parse(text), path).not.toThrow();
    }
    const notFound = await fetch(`${s.url}/api/auth/does-not-exist`);
    expect(notFound.status).toBe(404);
  });

  it('lets a page on a trusted origin call the API with its cookies (CORS), and no other origin read it', async () => {
    const app = 'https://app.example.com';
    const s = await startGatehouse({ TRUSTED_ORIGINS: app });
    servers.push(s);
    const pre = await fetch(`${s.url}/api/auth/sign-up/email`, {
      method: 'OPTIONS',
      headers: { origin: app, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(app);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const up = await fetch(`${s.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app },
      body: JSON.stringify({ name: 'Cors', email: `cors-${Date.now()}@example.com`, password: 'quiet-meadow-4821' }),
    });
    expect(up.status).toBe(200);
    expect(up.headers.get('access-control-allow-origin')).toBe(app);
    const cookie = up.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // get-session from the page (Origin sent) and from a server (none): same answer, CORS only for the page.
    const fromPage = await fetch(`${s.url}/api/auth/get-session`, { headers: { cookie, origin: app } });
    const fromServer = await fetch(`${s.url}/api/auth/get-session`, { headers: { cookie } });
    expect(fromPage.headers.get('access-control-allow-origin')).toBe(app);
    expect(fromServer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await fromPage.json()).toEqual(await fromServer.json());
    const elsewhere = await fetch(`${s.url}/api/auth/get-session`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers many users' get-session and list-sessions at once, each with its own session (fast lane, batched writes)", async () => {
    const s = await startGatehouse({ RATE_LIMIT: 'off' });
    servers.push(s);
    const users = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const email = `lane-${i}-${Date.now()}@example.com`;
        const up = await fetch(`${s.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Lane ${i}`, email, password: 'quiet-meadow-4821' }),
        });
        return {
          email,
          cookie: up.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; '),
        };
      }),
    );
    const calls = users.flatMap((u) =>
      Array.from({ length: 20 }, async (_, k) => {
        const path = k % 4 === 3 ? '/list-sessions' : k % 4 === 2 ? '/get-session?disableRefresh=true' : '/get-session';
        const r = await fetch(`${s.url}/api/auth${path}`, { headers: { cookie: u.cookie } });
        const text = await r.text();
        expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(text));
        const data = JSON.parse(text);
        if (path === '/list-sessions') expect(data).toHaveLength(1);
        else expect(data.user.email).toBe(u.email);
      }),
    );
    await Promise.all(calls);
    const anonymous = await fetch(`${s.url}/api/auth/get-session`);
    expect(await anonymous.text()).toBe('null');
    expect((await fetch(`${s.url}/api/auth/list-sessions`)).status).toBe(401);
  });

  it('serves the React app at / with an SPA fallback', async () => {
    const s = servers[0] ?? (await startGatehouse());
    const home = await fetch(`${s.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const deep = await fetch(`${s.url}/account/sessions`);
    expect(await deep.text()).toContain('<div id="root">');
    // The app's script (hundreds of kB: streamed from disk, not kept in memory) arrives whole.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${s.url}/`)).text())?.[1];
    if (!script) throw new Error('index.html names no script');
    const served = await fetch(`${s.url}${script}`);
    expect(served.status).toBe(200);
    const onDisk = readFileSync(join(ROOT, 'apps/web/dist', script));
    expect(onDisk.length).toBeGreaterThan(64 * 1024);
    expect(served.headers.get('content-length')).toBe(String(onDisk.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(onDisk)).toBe(true);
  });

  it('reads a config module, and env wins over it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(
      join(cwd, 'gatehouse.config.mjs'),
      `export default () => ({ basePath: '/auth', emailAndPassword: { minPasswordLength: 12 }, advanced: { cookiePrefix: 'fromfile' }, port: 1 });`,
    );
    const s = await startGatehouse({}, cwd, '/auth');
    servers.push(s);
    const signUp = (password: string) =>
      fetch(`${s.url}/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'C', email: 'c@example.com', password }),
      });
    expect(await (await signUp('elevenchars')).json()).toEqual({ message: 'Password too short', code: 'PASSWORD_TOO_SHORT' });
    expect((await signUp('twelve chars')).headers.getSetCookie()[0]).toMatch(/^fromfile\.session_token=/);
  });

  it('refuses invalid configuration at start, naming the option', async () => {
    const bad = await runCli(['start'], { PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('PORT');
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-badcfg-'));
    writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify({ session: { expiresIn: 'forever' } }));
    const r = await runCli(['start'], {}, cwd);
    expect(r.code).toBe(1);
    expect(r.out).toContain('session.expiresIn');
    const rl = await runCli(['start'], { RATE_LIMIT: 'maybe' });
    expect(rl.out).toContain('RATE_LIMIT');
  });

  it('refuses an unknown key at any level of the config module, naming its path and the closest key', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-unknown-'));
    writeFileSync(join(cwd, 'gatehouse.config.mjs'), 'export default { sso: { enabled: true }, foo: 1, emailOTP: { enabled: true, otpLenght: 7 } };\n');
    const r = await runCli(['start'], {}, cwd);
    expect(r.code).toBe(1);
    expect(r.out).toContain('emailOTP.otpLenght: unknown option, did you mean "otpLength"?');
    expect(r.out).toContain('foo: unknown option');
    expect(r.out).not.toContain('listening on');
  });

  it('warns about the default secret in production', async () => {
    const s = await startGatehouse({ NODE_ENV: 'production' });
    servers.push(s);
    // Logs are written asynchronously: give the line a moment to arrive.
    for (let i = 0; i < 50 && !s.output().includes('default secret'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(s.output()).toContain('default secret');
  });

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    // A request surely in flight when the signal comes (a fixed wait is not, on a busy machine: a request that
    // arrives once the server is closing is refused, 503): a social sign-in's callback, which the provider's
    // token endpoint (here) holds until the server has begun stopping.
    let reached = () => {};
    const atToken = new Promise<void>((ok) => (reached = ok));
    let release = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    const provider = createServer((_req, res) => {
      reached();
      void released.then(() => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}'));
    });
    await new Promise<void>((ok) => provider.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-term-'));
    const endpoints = {
      authorizationEndpoint: `${base}/auth`,
      tokenEndpoint: `${base}/token`,
      userInfoEndpoint: `${base}/userinfo`,
      jwksEndpoint: `${base}/jwks`,
      issuer: base,
    };
    writeFileSync(
      join(cwd, 'gatehouse.config.json'),
      JSON.stringify({ socialProviders: { google: { clientId: 'gid', clientSecret: 'gsecret', ...endpoints } } }),
    );
    try {
      const s = await startGatehouse({}, cwd);
      servers.push(s);
      const start = await fetch(`${s.url}/api/auth/sign-in/social`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify({ provider: 'google', callbackURL: '/in', disableRedirect: true }),
      });
      const state = new URL(((await start.json()) as { url: string }).url).searchParams.get('state');
      const pending = fetch(`${s.url}/api/auth/callback/google?state=${state}&code=abc`, { redirect: 'manual' });
      await atToken;
      const code = s.stop('SIGTERM');
      for (let i = 0; i < 100 && !s.output().includes('SIGTERM: finishing in-flight requests'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(s.output()).toContain('SIGTERM: finishing in-flight requests');
      release();
      // Answered as it would have been without the signal: the provider refused the code.
      const answer = await pending;
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toContain('error=');
      expect(await code).toBe(0);
    } finally {
      release();
      await new Promise<void>((ok) => provider.close(() => ok()));
    }
  });
});

describe('gatehouse CLI', () => {
  it('--help, unknown commands', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('gatehouse create-user');
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('unknown command');
  });

  it('npm links the gatehouse command at install, and it runs the built service', async () => {
    const bin = join(ROOT, 'node_modules/.bin/gatehouse');
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(bin, ['--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).toContain('gatehouse start');
  });

  it("npm start's Node flags are accepted by this Node and the file it names is the built CLI", async () => {
    const { readFileSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const [node, ...args] = start.split(/\s+/);
    expect(node).toBe('node');
    expect(args.at(-1)).toBe('start');
    const r = spawnSync(process.execPath, [...args.slice(0, -1), '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).not.toContain('bad option');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('gatehouse start');
  });

  it('migrate, then create-user, then sign in as that user', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'));
    const migrate = await runCli(['migrate'], {}, cwd);
    expect(migrate.code).toBe(0);
    expect(migrate.out).toContain('create-table user');
    expect((await runCli(['migrate'], {}, cwd)).out).toContain('schema is up to date');
    const created = await runCli(['create-user', '--email', 'Admin@Example.com', '--password', 'quiet-meadow-4821', '--name', 'Admin'], {}, cwd);
    expect(created.code).toBe(0);
    expect(created.out).toContain('<admin@example.com>');
    const dup = await runCli(['create-user', '--email', 'admin@example.com', '--password', 'quiet-meadow-4821', '--name', 'Admin'], {}, cwd);
    expect(dup.code).toBe(1);
    expect(dup.out).toContain('User already exists');
    const missing = await runCli(['create-user', '--email', 'x@example.com'], {}, cwd);
    expect(missing.code).toBe(2);
    const s = await startGatehouse({}, cwd);
    servers.push(s);
    const r = await fetch(`${s.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'quiet-meadow-4821' }),
    });
    expect(r.status).toBe(200);
  });
});
