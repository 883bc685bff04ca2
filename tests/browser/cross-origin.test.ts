import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, freePort, JOURNEY_TIMEOUT, type Stack, startStack, uniqueEmail } from './kit.js';

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

/**
 * Login CSRF: a page that posts credentials to the sign-in route as a plain form (no
 * preflight, no cookies needed), as a foreign page would to sign its visitor into its account.
 */
const formPage = (api: string, email: string, password: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head>
<body><main><h1>Win a prize</h1>
<form id="f" method="post" action="${api}/api/auth/sign-in/email">
  <input type="hidden" name="email" value="${email}"><input type="hidden" name="password" value="${password}">
  <button>Claim</button>
</form></main></body></html>`;

async function serveApp(port: number, api: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/form') res.end(formPage(api, url.searchParams.get('email') ?? '', url.searchParams.get('password') ?? ''));
    else res.end(appPage(api));
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

  it(
    "a foreign page's form post of the attacker's credentials does not sign the visitor in (login CSRF); a trusted page's does",
    async () => {
      const attacker = { name: 'Attacker', email: uniqueEmail('attacker'), password: 'attacker-password-1' };
      await apiSignUp(stack, attacker);
      const query = `email=${encodeURIComponent(attacker.email)}&password=${encodeURIComponent(attacker.password)}`;
      const sessionOf = async (page: Awaited<ReturnType<Stack['page']>>) => {
        await page.goto(`${stack.url}/api/auth/get-session`);
        return JSON.parse((await page.locator('body').innerText()) || 'null') as { user: { email: string } } | null;
      };

      // Another site (127.0.0.1 is not localhost: Chromium sends Sec-Fetch-Site: cross-site) and
      // another port of the same site (same-site): both untrusted.
      for (const foreign of [untrusted.url.replace('localhost', '127.0.0.1'), untrusted.url]) {
        const visitor = await stack.page();
        await visitor.goto(`${foreign}/form?${query}`);
        const [answer] = await Promise.all([
          visitor.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
          visitor.getByRole('button', { name: 'Claim' }).click(),
        ]);
        expect(answer.status(), foreign).toBe(403);
        expect(await answer.json()).toEqual({ message: 'Invalid origin', code: 'INVALID_ORIGIN' });
        expect((await visitor.context().cookies()).map((c) => c.name)).not.toContain('better-auth.session_token');
        expect(await sessionOf(visitor), foreign).toBeNull();
      }

      // The same form on a trusted origin signs in.
      const partner = await stack.page();
      await partner.goto(`${trusted.url}/form?${query}`);
      const [answer] = await Promise.all([
        partner.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
        partner.getByRole('button', { name: 'Claim' }).click(),
      ]);
      expect(answer.status()).toBe(200);
      expect((await sessionOf(partner))?.user.email).toBe(attacker.email);
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
