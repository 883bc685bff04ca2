import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, freePort, JOURNEY_TIMEOUT, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * A browser app on another origin of the same site (another port of localhost), as when an app
 * on app.example.com uses Gatehouse on auth.example.com: its page signs up and reads the
 * session with `credentials: 'include'`. A trusted origin gets CORS answers and its cookies
 * work; an untrusted origin's page cannot read anything.
 */
let stack: Stack;
let trusted: { server: Server; url: string };
let untrusted: { server: Server; url: string };

/** A page that signs up through the API on `api` and shows what it could read. */
const appPage = (api: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner app</title></head>
<body><main><h1>Partner app</h1><output id="result">working</output></main>
<script type="module">
  const out = document.getElementById('result');
  const email = new URLSearchParams(location.search).get('email');
  try {
    const up = await fetch('${api}/api/auth/sign-up/email', {
      method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Partner', email, password: 'partner-password-1' }),
    });
    const session = await (await fetch('${api}/api/auth/get-session', { credentials: 'include' })).json();
    out.textContent = 'signed up ' + up.status + ', session of ' + (session && session.user ? session.user.email : 'nobody');
  } catch (e) {
    out.textContent = 'blocked: ' + e.name;
  }
</script></body></html>`;

async function serveApp(port: number, api: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(appPage(api));
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { server, url: `http://localhost:${port}` };
}

describeBrowser('a browser app on another origin in Chromium', () => {
  beforeAll(async () => {
    const [trustedPort, untrustedPort] = [await freePort(), await freePort()];
    stack = await startStack('cross-origin', { trustedOrigins: [`http://localhost:${trustedPort}`] });
    trusted = await serveApp(trustedPort, stack.url);
    untrusted = await serveApp(untrustedPort, stack.url);
  });
  afterAll(async () => {
    await stack?.close();
    for (const app of [trusted, untrusted]) await new Promise((ok) => app?.server.close(ok));
  });

  it(
    'a trusted origin signs up and reads its session with its cookies; an untrusted one is kept from the answers',
    async () => {
      const email = uniqueEmail('partner');
      const page = await stack.page();
      await page.goto(`${trusted.url}/?email=${encodeURIComponent(email)}`);
      await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toBe(`signed up 200, session of ${email}`);
      await stack.shot(page, 'trusted-origin');

      const other = await stack.page();
      await other.goto(`${untrusted.url}/?email=${encodeURIComponent(uniqueEmail('outsider'))}`);
      await expect.poll(() => other.locator('#result').textContent(), { timeout: 10_000 }).toBe('blocked: TypeError');
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
