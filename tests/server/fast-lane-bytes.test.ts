import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatehouse, type Started } from './process.js';

/**
 * `npm start`'s fast lane (serve.ts answers get-session and list-sessions straight on the
 * socket) against the general route (the same path with a query string, which the lane never
 * takes), compared as raw HTTP bytes: status line, every header in order, body. Only `Date`
 * may differ (the clock's second). For no `Origin`, a trusted one and an untrusted one, each
 * with and without the session's cookie; and a refusal over the rate limit.
 */
const APP = 'https://app.example.com';
let server: Started;
let cookie: string;

/** The raw answer to a GET (one request per connection: `Connection: close` on both paths alike). */
function rawGet(url: string, target: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (data += d));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    const lines = [`GET ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

const withoutDate = (raw: string) => raw.replace(/\r\nDate: [^\r]*/i, '\r\nDate: -');

beforeAll(async () => {
  server = await startGatehouse({ TRUSTED_ORIGINS: APP, RATE_LIMIT: 'off' });
  const up = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: 'Bytes', email: `bytes-${Date.now()}@example.com`, password: 'quiet-meadow-4821' }),
  });
  expect(up.status).toBe(200);
  cookie = up.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});

afterAll(async () => {
  await server?.stop();
});

describe('the fast lane answers byte for byte as the general route', () => {
  const origins: [string, string | null][] = [
    ['no Origin', null],
    ['a trusted Origin', APP],
    ['an untrusted Origin', 'https://evil.example'],
  ];
  for (const path of ['/get-session', '/list-sessions']) {
    for (const [label, origin] of origins) {
      for (const signedIn of [true, false]) {
        it(`${path}, ${label}, ${signedIn ? 'with' : 'without'} the session cookie`, async () => {
          const headers: Record<string, string> = {};
          if (origin) headers.Origin = origin;
          if (signedIn) headers.Cookie = cookie;
          const lane = await rawGet(server.url, `/api/auth${path}`, headers);
          const route = await rawGet(server.url, `/api/auth${path}?via=route`, headers);
          expect(withoutDate(lane)).toBe(withoutDate(route));
          expect(lane).toMatch(signedIn || path === '/get-session' ? /^HTTP\/1\.1 200 / : /^HTTP\/1\.1 401 /);
          if (origin === APP) expect(lane).toMatch(/\r\naccess-control-allow-origin: https:\/\/app\.example\.com\r\n/i);
          else expect(lane).not.toMatch(/access-control-allow-origin/i);
        });
      }
    }
  }
});

describe('a refusal over the rate limit', () => {
  it('is the same 429 from the lane and from the general route (they share the counter)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bytes-'));
    writeFileSync(join(dir, 'gatehouse.config.mjs'), `export default { rateLimit: { customRules: { '/get-session': { window: 60, max: 1 } } } };\n`);
    const limited = await startGatehouse({ TRUSTED_ORIGINS: APP, RATE_LIMIT: 'on', GATEHOUSE_CONFIG: join(dir, 'gatehouse.config.mjs') }, dir);
    try {
      const headers = { Origin: APP };
      expect(await rawGet(limited.url, '/api/auth/get-session', headers)).toMatch(/^HTTP\/1\.1 200 /);
      const lane = await rawGet(limited.url, '/api/auth/get-session', headers);
      const route = await rawGet(limited.url, '/api/auth/get-session?via=route', headers);
      // Retry-After counts down the window's seconds: the two asks may fall in different seconds.
      const normal = (raw: string) => withoutDate(raw).replace(/\r\nretry-after: \d+/i, '\r\nretry-after: -');
      expect(lane).toMatch(/^HTTP\/1\.1 429 /);
      expect(normal(lane)).toBe(normal(route));
    } finally {
      await limited.stop();
    }
  });
});
