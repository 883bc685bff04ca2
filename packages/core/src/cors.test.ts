import { describe, expect, it } from 'vitest';
import { useTestClients, type TestClient } from './test/harness.js';

let t: TestClient;
const clients = useTestClients();

const APP = 'https://app.example.com';
const setup = () => clients.open({ trustedOrigins: [APP, 'https://*.partner.example'] });

describe('CORS for trusted origins', () => {
  it('allows a preflight from a trusted origin, wildcards included, with credentials, for GET and POST', async () => {
    t = await setup();
    for (const origin of [APP, 'https://shop.partner.example']) {
      const res = await t.request('/sign-in/email', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        jar: null,
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
      expect(res.headers.get('access-control-max-age')).toBe('600');
      expect(res.headers.get('vary')).toBe('Origin');
    }
  });

  it('gives any other origin no CORS headers, so its pages cannot read the answers', async () => {
    t = await setup();
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'https://partner.example', 'null']) {
      const pre = await t.request('/sign-in/email', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' }, jar: null });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const res = await t.request('/get-session', { headers: { origin }, jar: null });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('names the trusted origin on answers of every kind: success, error, fast lane and redirect', async () => {
    t = await setup();
    const jar = t.newJar();
    const signUp = await t.request('/sign-up/email', {
      body: { name: 'A', email: 'cors@example.com', password: 'quiet-meadow-4821' },
      headers: { origin: APP },
      jar,
    });
    expect(signUp.status).toBe(200);
    expect(signUp.headers.get('access-control-allow-origin')).toBe(APP);
    expect(signUp.headers.get('access-control-allow-credentials')).toBe('true');

    // get-session is answered by the fast lane; the page still may read it.
    const session = await t.request('/get-session', { headers: { origin: APP }, jar });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe('cors@example.com');
    expect(session.headers.get('access-control-allow-origin')).toBe(APP);

    const failed = await t.request('/sign-in/email', { body: { email: 'cors@example.com', password: 'wrong-password' }, headers: { origin: APP }, jar: null });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe(APP);

    const redirect = await t.request(`/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(`${APP}/done`)}`, {
      headers: { origin: APP },
      jar: null,
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/app\.example\.com\/done\?error=/);
    expect(redirect.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('answers a plain OPTIONS with the methods the API takes, outside any rate limit', async () => {
    t = await clients.open({ trustedOrigins: [APP], rateLimit: { enabled: true, window: 60, max: 2 } });
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/get-session', { method: 'OPTIONS', jar: null });
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')).toBe('GET, POST, OPTIONS');
    }
  });
});
