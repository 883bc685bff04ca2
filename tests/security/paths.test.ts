import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatehouse, type Started } from '../server/process.js';

/**
 * Issue 9, item 3 over real HTTP: request lines are sent byte for byte (fetch would
 * normalise them first), so the server's own URL handling is what is tested. A spelling
 * of a rate-limited path either is not found or counts in the same bucket; nothing
 * outside the web root is served. (packages/core/src/security/paths.test.ts is the
 * in-process twin with many more spellings.)
 */

/** One raw HTTP/1.1 exchange: status and body. */
function raw(port: number, requestLine: string, body = '', headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    const head = [
      requestLine,
      `host: localhost:${port}`,
      'connection: close',
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    // write, not end: a half-closed client gets no answer from Node's server.
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('paths over real HTTP', () => {
  let s: Started;
  let port: number;
  beforeAll(async () => {
    s = await startGatehouse({ RATE_LIMIT: 'on', AUTH_SECRET: randomBytes(32).toString('hex') });
    port = Number(new URL(s.url).port);
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('no spelling of /sign-in/email gets past its exhausted bucket', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'quiet-meadow-4821' });
    for (let i = 0; i < 3; i++) expect((await raw(port, 'POST /api/auth/sign-in/email HTTP/1.1', body)).status).toBe(401);
    expect((await raw(port, 'POST /api/auth/sign-in/email HTTP/1.1', body)).status).toBe(429);
    const spellings = [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/%2E%2E/sign-in/email',
      '/api/auth//sign-in/email',
      '//api/auth/sign-in/email',
      '/api/auth/sign-in/email/',
      '/api/auth/sign-in/./email',
      '/api/auth/%73ign-in/email',
      '/api/auth/sign-in%2Femail',
      '/api/auth/sign-in/email%00',
      '/api/auth/sign-in/email;',
      '/API/AUTH/sign-in/email',
      '/api/auth/sign-in/email?x=1',
      '/api/auth/sign-in\\email',
      `http://localhost:${port}/api/auth/sign-in/email`,
      `http://evil.example/api/auth/sign-in/email`,
    ];
    for (const path of spellings) {
      const r = await raw(port, `POST ${path} HTTP/1.1`, body);
      // 400 is Node refusing a malformed request line; 404 not found; 429 the same bucket.
      expect([400, 404, 429], `${path} → ${r.status} ${r.body.slice(0, 100)}`).toContain(r.status);
    }
  });

  it('never serves a file from outside the web root', async () => {
    for (const path of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
      '/static/../../../../etc/passwd',
      '/..;/..;/etc/passwd',
      '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/../package.json',
      '/%2e%2e/package.json',
    ]) {
      const r = await raw(port, `GET ${path} HTTP/1.1`);
      expect(r.body, path).not.toMatch(/root:x:0:0|"name":\s*"gatehouse|"workspaces"/);
    }
  });
});
