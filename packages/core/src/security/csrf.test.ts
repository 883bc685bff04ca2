import { describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../endpoint.js';
import type { Mail } from '../mail/types.js';
import type { GatehouseOptions } from '../plugins/index.js';
import { builtinPlugins } from '../plugins/index.js';
import { coreEndpoints } from '../routes/index.js';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

/**
 * Issue 9, item 2 and issue 14: POSTs need a trusted Origin (or Referer) when they name
 * one, cookies or not, on every route; and the base URL is configuration, never the
 * request's Host. The basic Origin/Referer cases are in routes/edge.test.ts; these extend them.
 */

let t: TestClient;
const clients = useTestClients();

const OPTIONS: GatehouseOptions = {
  trustedOrigins: ['https://app.example.com'],
  socialProviders: { google: { clientId: 'gid', clientSecret: 'gsecret' } },
};
const INVALID_ORIGIN = { status: 403, data: { message: 'Invalid origin', code: 'INVALID_ORIGIN' } };

function postEndpoints(options: GatehouseOptions): AnyEndpoint[] {
  return [...coreEndpoints, ...builtinPlugins(options).flatMap((p) => p.endpoints ?? [])].filter(
    (e) => !e.serverOnly && (Array.isArray(e.method) ? e.method : [e.method]).includes('POST'),
  );
}

describe('the Origin check on every POST', () => {
  it('refuses an untrusted, opaque, malformed or missing Origin at every POST route but the OAuth callback, with or without cookies', async () => {
    t = await clients.open(OPTIONS);
    await t.signUp();
    const routes = postEndpoints(OPTIONS);
    expect(routes.length).toBeGreaterThan(40);
    const bad: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'https://localhost:3000' },
      { origin: 'https://app.example.com.evil.example' },
      { origin: '', referer: 'http://localhost:3000.evil.example/account' },
      { origin: '', referer: 'https://evil.example/?http://localhost:3000/' },
      // Neither header, but the browser says the request is not same-origin.
      { origin: '', 'sec-fetch-site': 'cross-site' },
      { origin: '', 'sec-fetch-site': 'same-site' },
    ];
    for (const e of routes) {
      const path = e.path.replace(/:[A-Za-z]+/g, 'x');
      for (const [headers, jar] of bad.flatMap((h) => [[h, t.jar] as const, [h, null] as const])) {
        const r = await t.json(path, { method: 'POST', body: {}, headers, jar });
        if (e.skipOriginCheck) {
          // Only the OAuth callback: its one-time state is the CSRF defence (social/flow.test.ts).
          expect(e.path).toBe('/callback/:id');
          expect(r.status).not.toBe(200);
          continue;
        }
        const what = `${path} ${JSON.stringify(headers)} ${jar ? 'with' : 'without'} cookies`;
        expect({ status: r.status, data: r.data }, what).toEqual(INVALID_ORIGIN);
      }
    }
    // The session survived every one of those.
    expect((await t.json('/get-session')).data).not.toBeNull();
  });

  it('accepts a cookie-bearing POST without Origin or Referer from outside a browser (servers, CLIs, apps)', async () => {
    t = await clients.open(OPTIONS);
    await t.signUp();
    const r = await t.json('/revoke-other-sessions', { method: 'POST', headers: { origin: '' } });
    expect(r.status).toBe(200);
    expect((await t.json('/revoke-other-sessions', { method: 'POST', headers: { origin: '', 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
  });

  it('accepts the trusted origins, whatever their case', async () => {
    t = await clients.open(OPTIONS);
    await t.signUp();
    for (const origin of ['http://localhost:3000', 'HTTP://LOCALHOST:3000', 'https://app.example.com']) {
      expect((await t.json('/revoke-other-sessions', { method: 'POST', headers: { origin } })).status, origin).toBe(200);
    }
    expect((await t.json('/revoke-other-sessions', { method: 'POST', headers: { origin: '', referer: 'https://app.example.com/settings?x=1' } })).status).toBe(
      200,
    );
  });

  it('a cross-site form post (urlencoded, no preflight) changes nothing', async () => {
    t = await clients.open(OPTIONS);
    await t.signUp({ name: 'Original' });
    const ctx = await t.auth.context();
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' };
    expect((await t.json('/update-user', { method: 'POST', body: 'name=Hijacked', headers: form })).status).toBe(403);
    expect((await t.json('/sign-out', { method: 'POST', body: '', headers: form })).status).toBe(403);
    expect((await t.json('/change-email', { method: 'POST', body: 'newEmail=evil%40evil.example', headers: form })).status).toBe(403);
    const [user] = await ctx.adapter.findMany<{ name: string; email: string }>('user');
    expect(user!.name).toBe('Original');
    expect(user!.email).not.toContain('evil');
    expect((await t.json('/get-session')).data).not.toBeNull();
  });
});

/**
 * Issue 14: login CSRF. A foreign page posts the attacker's credentials from the visitor's
 * browser, without cookies, and the visitor ends up signed in as the attacker (whatever
 * they then save lands in the attacker's account). Every state-changing request is
 * Origin-checked, cookies or not; requests with neither Origin, Referer nor Sec-Fetch-Site
 * (servers, CLIs, apps) are still accepted.
 */
describe('login CSRF: the Origin check without cookies', () => {
  const ATTACKER = { email: 'attacker@example.com', password: 'attacker-password', username: 'attacker' };
  const LOGINS: [string, (tag: string) => Record<string, string>][] = [
    ['/sign-in/email', () => ({ email: ATTACKER.email, password: ATTACKER.password })],
    ['/sign-in/username', () => ({ username: ATTACKER.username, password: ATTACKER.password })],
    ['/sign-up/email', (tag) => ({ name: 'Planted', email: `planted-${tag}@example.com`, password: ATTACKER.password })],
  ];
  const ATTACKS: [string, Record<string, string>][] = [
    ['Origin evil', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['Origin evil, no Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame, cross-site redirect)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['Referer evil, no Origin', { origin: '', referer: 'https://evil.example/login-csrf.html' }],
    ['only Sec-Fetch-Site cross-site', { origin: '', 'sec-fetch-site': 'cross-site' }],
    ['only Sec-Fetch-Site same-site (a sibling subdomain)', { origin: '', 'sec-fetch-site': 'same-site' }],
    ['a trusted Referer on a request the browser calls cross-site', { origin: '', referer: 'https://app.example.com/', 'sec-fetch-site': 'cross-site' }],
    ['Origin evil, a trusted Referer', { origin: 'https://evil.example', referer: 'http://localhost:3000/' }],
  ];
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

  async function withAttacker() {
    t = await clients.open(OPTIONS);
    await t.signUp({ email: ATTACKER.email, password: ATTACKER.password, username: ATTACKER.username }, t.newJar());
    return t.auth.context();
  }

  it('refuses sign-in by email or username and sign-up from a foreign page: 403 INVALID_ORIGIN, no cookie, no account', async () => {
    const ctx = await withAttacker();
    const users = await ctx.adapter.count('user');
    let n = 0;
    for (const [path, body] of LOGINS) {
      for (const [attack, headers] of ATTACKS) {
        // As JSON (a fetch) and as the form a page submits without any preflight.
        for (const [type, payload] of [
          ['json', body(`${++n}`)],
          ['form', form(body(`${++n}`))],
        ] as const) {
          const extra: Record<string, string> = type === 'form' ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
          const r = await t.json(path, { body: payload, headers: { ...headers, ...extra }, jar: null });
          const what = `${path} ${attack} ${type}`;
          expect({ status: r.status, data: r.data }, what).toEqual(INVALID_ORIGIN);
          expect(r.response.headers.getSetCookie(), what).toEqual([]);
        }
      }
    }
    expect(await ctx.adapter.count('user')).toBe(users);
    expect(await ctx.adapter.count('session')).toBe(1);
  });

  it('accepts a trusted origin (also cross-site, with CORS), the same origin, and clients that send none of the headers', async () => {
    await withAttacker();
    const ACCEPTED: [string, Record<string, string>][] = [
      ['same origin', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
      ['same origin, no Sec-Fetch-Site', { origin: 'http://localhost:3000' }],
      ['a trusted origin on another site', { origin: 'https://app.example.com', 'sec-fetch-site': 'cross-site' }],
      ['a trusted Referer, no Origin', { origin: '', referer: 'http://localhost:3000/sign-in' }],
      ['typed into the address bar (Sec-Fetch-Site none)', { origin: '', 'sec-fetch-site': 'none' }],
      ['no header at all (a server, a CLI, an app)', { origin: '' }],
    ];
    let n = 0;
    for (const [path, body] of LOGINS) {
      for (const [what, headers] of ACCEPTED) {
        for (const [type, payload] of [
          ['json', body(`ok${++n}`)],
          ['form', form(body(`ok${++n}`))],
        ] as const) {
          const extra: Record<string, string> = type === 'form' ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
          const r = await t.request(path, { body: payload, headers: { ...headers, ...extra }, jar: null });
          expect(r.status, `${path} ${what} ${type}`).toBe(200);
          expect(
            r.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=')),
            `${path} ${what} ${type}`,
          ).toBe(true);
          // A page on a trusted origin may read the answer; without an Origin there is no CORS.
          expect(r.headers.get('access-control-allow-origin'), `${path} ${what}`).toBe(headers.origin || null);
        }
      }
    }
    // Each accepted request hashes a password; beside the other test files on two cores a hash waited up to a second.
  }, 120_000);

  it('server-side auth.api calls and the GET fast lane are not Origin-checked', async () => {
    await withAttacker();
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const signedIn = (await t.auth.api.signInEmail({ body: { email: ATTACKER.email, password: ATTACKER.password }, headers: foreign })) as { token: string };
    expect(typeof signedIn.token).toBe('string');
    const jar = t.newJar();
    await t.json('/sign-in/email', { body: { email: ATTACKER.email, password: ATTACKER.password }, jar });
    const session = await t.json<{ user: { email: string } }>('/get-session', { headers: foreign, jar });
    expect(session.status).toBe(200);
    expect(session.data.user.email).toBe(ATTACKER.email);
  });
});

describe('the base URL is never the Host header', () => {
  const forged = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    forwarded: 'host=evil.example;proto=https',
    'x-original-url': 'https://evil.example/',
  };
  const at = (path: string) => `http://evil.example/api/auth${path}`;
  const linksIn = (text: string) => text.match(/https?:\/\/[^\s"<>]+/g) ?? [];

  it('mails (reset, verification, change email, delete account, invitation) link to the configured base URL', async () => {
    const mails: Mail[] = [];
    t = await clients.open({
      ...OPTIONS,
      emailVerification: { sendOnSignUp: true },
      email: { send: async (m) => void mails.push(m) },
    });
    const email = uniqueEmail('host');
    // Every request below arrives for evil.example, and says so in every header a proxy might set.
    const send = (path: string, body: unknown) => t.json(at(path), { body, headers: { ...forged, origin: 'http://localhost:3000' } });
    expect((await send('/sign-up/email', { name: 'H', email, password: 'quiet-meadow-4821' })).status).toBe(200);
    expect((await send('/forget-password', { email })).status).toBe(200);
    expect((await send('/send-verification-email', { email })).status).toBe(200);
    expect((await send('/change-email', { newEmail: uniqueEmail('moved') })).status).toBe(200);
    const org = await send('/organization/create', { name: 'Org', slug: `org-${Date.now()}` });
    expect(
      (await send('/organization/invite-member', { email: uniqueEmail('invitee'), role: 'member', organizationId: (org.data as { id: string }).id })).status,
    ).toBe(200);
    // A second session so that the delete-account mail goes out (mail is configured).
    expect((await send('/delete-user', {})).data).toEqual({ success: true, message: 'Verification email sent' });

    expect(mails.length).toBeGreaterThanOrEqual(6);
    const links = mails.flatMap((m) => [...linksIn(m.text), ...linksIn(m.html ?? '')]);
    expect(links.length).toBeGreaterThanOrEqual(6);
    for (const link of links) expect(link.startsWith('http://localhost:3000/'), link).toBe(true);
    expect(mails.map((m) => `${m.text}${m.html ?? ''}`).join('\n')).not.toContain('evil.example');
  });

  it('redirects, the social redirect_uri and the error page use the base URL', async () => {
    t = await clients.open(OPTIONS);
    const social = await t.json<{ url: string }>(at('/sign-in/social'), {
      body: { provider: 'google', callbackURL: '/done', disableRedirect: true },
      headers: forged,
      jar: null,
    });
    expect(social.status).toBe(200);
    expect(new URL(social.data.url).searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    const callback = await t.request(at('/callback/google?state=nope&code=x'), { headers: forged, jar: null });
    expect(callback.headers.get('location')).toBe('http://localhost:3000/api/auth/error?error=please_restart_the_process');
    const page = await (await t.request(at('/error?error=x'), { headers: forged })).text();
    expect(page).toContain('href="http://localhost:3000/"');
    expect(page).not.toContain('evil.example');
  });

  it('a forged Host does not make its origin trusted', async () => {
    t = await clients.open(OPTIONS);
    await t.signUp();
    const r = await t.json(at('/revoke-other-sessions'), { method: 'POST', headers: { ...forged, origin: 'http://evil.example' } });
    expect({ status: r.status, data: r.data }).toEqual(INVALID_ORIGIN);
    const redirect = await t.json(at('/sign-in/email'), {
      body: { email: uniqueEmail(), password: 'quiet-meadow-4821', callbackURL: 'http://evil.example/x' },
      headers: forged,
      jar: null,
    });
    expect(redirect.status).toBe(403);
  });
});
