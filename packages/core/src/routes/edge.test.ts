import { describe, expect, it } from 'vitest';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

describe('the HTTP edge', () => {
  it('answers 404 with an empty body for an unknown route', async () => {
    t = await clients.open();
    for (const path of ['/nope', '//sign-in/email', '/sign-in/email/', '/sign-in%2Femail']) {
      const r = await t.request(path, { method: 'POST', body: {} });
      expect(r.status, path).toBe(404);
      expect(await r.text()).toBe('');
    }
    expect((await t.request('http://localhost:3000/elsewhere')).status).toBe(404);
  });

  it('GET /ok answers ok', async () => {
    t = await clients.open();
    expect((await t.json('/ok')).data).toEqual({ ok: true });
  });

  it('refuses a body over the limit with 413 and invalid JSON with 400', async () => {
    t = await clients.open();
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024), email: 'a@b.co', password: 'quiet-meadow-4821' });
    const r = await t.json('/sign-up/email', { body: big });
    expect(r.status).toBe(413);
    expect(r.data.code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await t.json('/sign-up/email', { body: '{"name":' });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ message: 'Invalid JSON body', code: 'INVALID_JSON' });
  });

  it('answers 400 (never 500) for wrong types', async () => {
    t = await clients.open();
    for (const body of [[], 'str', 42, null, { name: 1, email: {}, password: [] }]) {
      const r = await t.json('/sign-up/email', { body: JSON.stringify(body) });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.data.code).toBe('VALIDATION_ERROR');
    }
  });

  it('the /error page shows the code HTML-escaped and a way back', async () => {
    t = await clients.open();
    const r = await t.request('/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await r.text();
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Return to Application');
  });
});

describe('origin checks on POSTs', () => {
  it('refuses an untrusted Origin or Referer, accepts trusted ones and non-browser clients', async () => {
    t = await clients.open({ trustedOrigins: ['https://*.example.com'] });
    await t.signUp();
    const post = (headers: Record<string, string>) => t.json('/revoke-other-sessions', { method: 'POST', headers });
    expect((await post({ origin: 'https://evil.example' })).data).toEqual({ message: 'Invalid origin', code: 'INVALID_ORIGIN' });
    expect((await post({ origin: 'https://app.example.com.evil.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    expect((await post({ origin: '', referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await post({ origin: '', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: 'https://app.example.com' })).status).toBe(200);
    expect((await post({ origin: 'http://localhost:3000' })).status).toBe(200);
    expect((await post({ origin: '', referer: 'http://localhost:3000/account' })).status).toBe(200);
  });

  it('checks requests without cookies too (login CSRF), and accepts them without any of the headers', async () => {
    t = await clients.open();
    const signUp = (headers: Record<string, string>) =>
      t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'quiet-meadow-4821' }, headers, jar: null });
    expect((await signUp({ origin: 'https://evil.example' })).data).toEqual({ message: 'Invalid origin', code: 'INVALID_ORIGIN' });
    expect((await signUp({ origin: '' })).status).toBe(200);
  });
});

describe('redirect targets', () => {
  const attacks = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://trusted.example.com@evil.example',
    'https://evil.example',
    'https://evil.example/?https://trusted.example.com',
    'https://trusted.example.com.evil.example',
    'http://a.trusted.example.com.evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'https:/\\evil.example',
    ' //evil.example',
    '/\t/evil.example',
  ];

  it.each(attacks)('refuses callbackURL %j', async (callbackURL) => {
    t = await clients.open({ trustedOrigins: ['https://trusted.example.com', 'https://*.trusted.example.com'] });
    const r = await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'quiet-meadow-4821', callbackURL }, jar: null });
    expect(r.status).toBe(403);
    expect(r.data).toEqual({ message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL' });
  });

  it.each(['/dashboard', '/a/b?c=d#e', 'https://trusted.example.com/x', 'https://app.trusted.example.com/', 'http://localhost:3000/account'])(
    'accepts %j',
    async (callbackURL) => {
      t = await clients.open({ trustedOrigins: ['https://trusted.example.com', 'https://*.trusted.example.com'] });
      const r = await t.json('/sign-up/email', { body: { name: 'N', email: uniqueEmail(), password: 'quiet-meadow-4821', callbackURL }, jar: null });
      expect(r.status).toBe(200);
    },
  );
});

describe('rate limits', () => {
  it('allows 3 sign-ins per 10 s per client, then 429 with Retry-After and X-Retry-After', async () => {
    t = await clients.open({ rateLimit: { enabled: true } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    for (let i = 0; i < 3; i++) expect((await t.json('/sign-in/email', { body, jar: null })).status).toBe(401);
    const limited = await t.json('/sign-in/email', { body, jar: null });
    expect(limited.status).toBe(429);
    expect(limited.data).toEqual({ message: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.response.headers.get('x-retry-after')).toBe(limited.response.headers.get('retry-after'));
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '10.9.9.9' })).status).toBe(401);
    t.clock.advance(11);
    expect((await t.json('/sign-in/email', { body, jar: null })).status).toBe(401);
  });

  it('counts IPv6 addresses of one /64 and IPv4-mapped spellings together', async () => {
    t = await clients.open({ rateLimit: { enabled: true } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    const ips = ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002::abcd'];
    for (const ip of ips) expect((await t.json('/sign-in/email', { body, jar: null, ip })).status).toBe(401);
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '2001:db8:1:2::77' })).status).toBe(429);
    for (const ip of ['192.0.2.7', '::ffff:192.0.2.7', '192.0.2.7']) await t.json('/sign-in/email', { body, jar: null, ip });
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '::ffff:192.0.2.7' })).status).toBe(429);
  });

  it('uses the default window for other routes and honours custom rules', async () => {
    t = await clients.open({ rateLimit: { enabled: true, max: 5, customRules: { '/ok': { window: 60, max: 2 } } } });
    expect((await t.json('/ok')).status).toBe(200);
    expect((await t.json('/ok')).status).toBe(200);
    expect((await t.json('/ok')).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await t.json('/get-session')).status).toBe(200);
    expect((await t.json('/get-session')).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    t = await clients.open({ rateLimit: { enabled: true }, advanced: { trustedProxies: ['10.0.0.1'] } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    for (let i = 0; i < 3; i++) await t.json('/sign-in/email', { body, jar: null, ip: '203.0.113.5', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '203.0.113.5', headers: { 'x-forwarded-for': '198.51.100.99' } })).status).toBe(429);
    for (let i = 0; i < 3; i++) await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(429);
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(401);
  });

  it('counts in the database when storage is database', async () => {
    t = await clients.open({ rateLimit: { enabled: true, storage: 'database' } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    for (let i = 0; i < 3; i++) await t.json('/sign-in/email', { body, jar: null });
    expect((await t.json('/sign-in/email', { body, jar: null })).status).toBe(429);
    // One counter for this client and path (the lockout keeps its own `lockout:` rows).
    expect(await (await t.auth.context()).adapter.count('rateLimit', [{ field: 'key', value: '|/sign-in/email', operator: 'ends_with' }])).toBe(1);
  });
});
