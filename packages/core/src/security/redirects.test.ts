import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyEndpoint } from '../endpoint.js';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { OriginPolicy } from '../origin.js';
import { builtinPlugins } from '../plugins/index.js';
import { coreEndpoints } from '../routes/index.js';
import { createTestClient, uniqueEmail, type TestClient } from '../test/harness.js';

/**
 * Issue 9, item 1: no route redirects outside the trusted origins. The attack list of
 * routes/edge.test.ts (sign-up's callbackURL) is extended here to every route and every
 * redirect field, with case, percent-encoding, userinfo, scheme-less and wildcard tricks.
 */

const TRUSTED = ['https://app.example.com', 'https://*.tenant.example.com', 'http://127.0.0.1:*'];
const OPTIONS: GatehouseOptions = {
  trustedOrigins: TRUSTED,
  socialProviders: { google: { clientId: 'gid', clientSecret: 'gsecret' } },
};
const MESSAGES: Record<string, { code: string; message: string }> = {
  callbackURL: { code: 'INVALID_CALLBACK_URL', message: 'Invalid callbackURL' },
  redirectTo: { code: 'INVALID_REDIRECT_URL', message: 'Invalid redirectURL' },
  errorCallbackURL: { code: 'INVALID_ERROR_CALLBACK_URL', message: 'Invalid errorCallbackURL' },
  newUserCallbackURL: { code: 'INVALID_NEW_USER_CALLBACK_URL', message: 'Invalid newUserCallbackURL' },
};
/** Any field with one of these names is a redirect target and must be declared as such. */
const REDIRECT_NAMES = /^(callbackURL|redirectTo|errorCallbackURL|newUserCallbackURL|redirectURL|returnTo|redirect_uri|errorURL|newUserURL)$/i;

/** How to reach each route with a redirect field: method, path, and the rest of a valid request. */
const ROUTES: Record<string, { method: 'GET' | 'POST'; path: string; base: Record<string, unknown> }> = {
  '/sign-up/email': { method: 'POST', path: '/sign-up/email', base: { name: 'N', email: 'x@example.com', password: 'quiet-meadow-4821' } },
  '/sign-in/email': { method: 'POST', path: '/sign-in/email', base: { email: 'x@example.com', password: 'quiet-meadow-4821' } },
  '/sign-in/username': { method: 'POST', path: '/sign-in/username', base: { username: 'someone', password: 'quiet-meadow-4821' } },
  '/sign-in/social': { method: 'POST', path: '/sign-in/social', base: { provider: 'google', callbackURL: '/ok' } },
  '/link-social': { method: 'POST', path: '/link-social', base: { provider: 'google' } },
  '/send-verification-email': { method: 'POST', path: '/send-verification-email', base: { email: 'x@example.com' } },
  '/verify-email': { method: 'GET', path: '/verify-email', base: { token: 'x' } },
  '/forget-password': { method: 'POST', path: '/forget-password', base: { email: 'x@example.com' } },
  '/request-password-reset': { method: 'POST', path: '/request-password-reset', base: { email: 'x@example.com' } },
  '/reset-password/:token': { method: 'GET', path: '/reset-password/sometoken', base: {} },
  '/change-email': { method: 'POST', path: '/change-email', base: { newEmail: 'y@example.com' } },
  '/delete-user': { method: 'POST', path: '/delete-user', base: {} },
  '/delete-user/callback': { method: 'GET', path: '/delete-user/callback', base: { token: 'x' } },
};

const ATTACKS = [
  // case and scheme tricks
  'HTTPS://EVIL.EXAMPLE',
  'hTtPs://evil.example/x',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https:///evil.example',
  '///evil.example',
  '////evil.example',
  '//EVIL.EXAMPLE/x',
  '/\\/evil.example',
  '\\/evil.example',
  'evil.example/path',
  'app.example.com',
  'app.example.com/path',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  'javascript:alert(1)//https://app.example.com',
  'javascript://app.example.com/%0aalert(1)',
  'data:,x',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://app.example.com/',
  'blob:https://app.example.com/uuid',
  // percent-encoding
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5c%5cevil.example',
  '%2F%2Fevil.example',
  '/%09/evil.example',
  '/%0d%0a/evil.example',
  '/%0a/evil.example',
  'https://evil.example%2F@app.example.com',
  'https://evil.example%5C@app.example.com',
  'https://app.example.com%40evil.example',
  'https://app.example.com%2F@evil.example',
  // userinfo
  'https://app.example.com@evil.example',
  'https://app.example.com:443@evil.example',
  'https://user:pass@app.example.com/',
  'https://evil.example\\@app.example.com',
  'https://evil.example#@app.example.com',
  'https://evil.example?@app.example.com',
  // control characters and unicode look-alikes
  '/\r/evil.example',
  '/\n/evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  'https://app.example.com\u3002evil.example',
  'https://app.example.com\uff0eevil.example',
  'https://app.example.com.evil.example',
  'https://app.example.com./',
  'https://app.example.com:8443/',
  'http://app.example.com/',
  // wildcard over-match: *.tenant.example.com is one label under tenant.example.com, https only
  'https://tenant.example.com/',
  'https://.tenant.example.com/',
  'https://a.b.tenant.example.com/',
  'https://acme.tenant.example.com.evil.example/',
  'https://acmetenant.example.com/',
  'https://acme-tenant.example.com/',
  'https://acme.tenantXexample.com/',
  'https://acme.tenant.exampleXcom/',
  'https://acme.tenant.example.co/',
  'http://acme.tenant.example.com/',
  'https://acme.tenant.example.com:8443/',
  'https://evil.example/.tenant.example.com',
  'https://evil.example/?.tenant.example.com',
  'https://acme.tenant.example.com@evil.example/',
  // a port wildcard does not stretch over the host
  'http://127.0.0.1.evil.example:8080/',
  'http://127.0.0.2:8080/',
  'https://127.0.0.1:8080/',
];
const ACCEPTED = [
  '/dashboard',
  '/a/b?next=//evil.example#frag',
  'https://app.example.com/x?url=https://evil.example',
  'HTTPS://APP.EXAMPLE.COM/Case',
  'https://acme.tenant.example.com/',
  'https://ACME.Tenant.Example.com/dash',
  'http://127.0.0.1:8080/cb',
  'http://localhost:3000/account',
];

let t: TestClient;
const mails: Mail[] = [];
beforeAll(async () => {
  t = await createTestClient({ ...OPTIONS, email: { send: async (m) => void mails.push(m) } });
});
afterAll(async () => t?.auth.close());

function endpoints(): AnyEndpoint[] {
  return [...coreEndpoints, ...builtinPlugins(OPTIONS).flatMap((p) => p.endpoints ?? [])];
}

function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function call(route: string, field: string, value: string) {
  const r = ROUTES[route]!;
  const params = { ...r.base, [field]: value };
  if (r.method === 'GET') {
    const qs = new URLSearchParams(params as Record<string, string>).toString();
    return t.json(`${r.path}?${qs}`, { jar: null });
  }
  return t.json(r.path, { body: params, jar: null });
}

describe('redirect targets', () => {
  const pairs = endpoints().flatMap((e) => (e.redirectFields ?? []).map((f) => [e.path, f] as const));

  it('every field that names a redirect target is declared as one, and every such route is attacked below', () => {
    for (const e of endpoints()) {
      for (const key of [...keysOf(e.body), ...keysOf(e.query)]) {
        if (REDIRECT_NAMES.test(key)) expect(e.redirectFields ?? [], `${e.path} ${key}`).toContain(key);
      }
    }
    expect(pairs.length).toBeGreaterThanOrEqual(16);
    for (const [path] of pairs) expect(Object.keys(ROUTES), path).toContain(path);
  });

  it.each(pairs)('%s refuses every attack on %s with 403 and the field’s own message', async (path, field) => {
    for (const attack of ATTACKS) {
      const r = await call(path, field, attack);
      // NUL is refused before anything else looks at the request (pipeline.ts): 400, not 403.
      const expected = attack.includes('\u0000')
        ? { status: 400, data: { code: 'VALIDATION_ERROR', message: expect.any(String) } }
        : { status: 403, data: MESSAGES[field] };
      expect({ status: r.status, data: r.data }, JSON.stringify(attack)).toEqual(expected);
    }
  });

  it('the policy accepts what it should (no over-blocking that would push apps to work around it)', () => {
    const policy = new OriginPolicy(['http://localhost:3000', ...TRUSTED]);
    for (const target of ACCEPTED) expect(policy.isAllowedRedirect(target), target).toBe(true);
    for (const target of ATTACKS) expect(policy.isAllowedRedirect(target), JSON.stringify(target)).toBe(false);
  });
});

describe('where the redirecting routes actually send the browser', () => {
  const location = (r: { response: Response }) => r.response.headers.get('location');
  const mustStayHome = (loc: string | null, base: string) => {
    expect(loc).not.toBeNull();
    // The target as given, with only our query parameters added.
    expect(loc!.startsWith(base)).toBe(true);
    const resolved = new URL(loc!, 'http://localhost:3000');
    expect(['http://localhost:3000', 'https://app.example.com', 'https://acme.tenant.example.com']).toContain(resolved.origin);
  };

  it('verify-email, reset-password and delete-user/callback redirect to the trusted target, failures included', async () => {
    for (const target of ['/welcome', 'https://app.example.com/in?x=1', 'https://acme.tenant.example.com/']) {
      const q = encodeURIComponent(target);
      mustStayHome(location(await t.json(`/verify-email?token=bogus&callbackURL=${q}`, { jar: null })), target.split('?')[0]!);
      mustStayHome(location(await t.json(`/reset-password/bogus?callbackURL=${q}`, { jar: null })), target.split('?')[0]!);
    }
    // A real reset link: the token goes to the trusted page, nowhere else.
    const { email } = await t.signUp({ email: uniqueEmail('loc') }, t.newJar());
    await t.json('/forget-password', { body: { email, redirectTo: 'https://app.example.com/reset' }, jar: null });
    const link = mails
      .at(-1)!
      .text.split('\n')
      .find((l) => l.includes('/reset-password/'))!;
    const hop = await t.request(link.trim(), { jar: null });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toMatch(/^https:\/\/app\.example\.com\/reset\?token=[A-Za-z0-9]{24}$/);
    // An untrusted callbackURL smuggled into a genuine link is refused, token or not.
    const smuggled = new URL(link.trim());
    smuggled.searchParams.set('callbackURL', 'https://evil.example/steal');
    expect((await t.request(smuggled.toString(), { jar: null })).status).toBe(403);
  });

  it('sign-in/social keeps only trusted targets; a forged state never redirects anywhere but /error', async () => {
    const ok = await t.json('/sign-in/social', {
      body: { provider: 'google', callbackURL: '/in', newUserCallbackURL: '/welcome', errorCallbackURL: 'https://app.example.com/oops' },
      jar: null,
    });
    expect(ok.status).toBe(200);
    const cb = await t.request('/callback/google?state=forged&code=x&callbackURL=https://evil.example&errorCallbackURL=https://evil.example', { jar: null });
    expect(cb.headers.get('location')).toBe('http://localhost:3000/api/auth/error?error=please_restart_the_process');
  });
});
