import { afterAll, describe, expect, it } from 'vitest';
import { startGatehouse, type Started } from './process.js';

/**
 * `npm start` with METRICS_TOKEN: what Prometheus scrapes, the fast lane's answers on Node
 * (serve.ts answers them straight on the socket) counted like any other route's.
 */
const TOKEN = 'scrape-token-0123456789abcdef';
const servers: Started[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('npm start with METRICS_TOKEN', () => {
  it('serves /metrics to the token only, counting the fast lane, sign-ins and the probes; /openapi.json and /reference are there', async () => {
    const s = await startGatehouse({ METRICS_TOKEN: TOKEN });
    servers.push(s);
    const api = `${s.url}/api/auth`;
    expect((await fetch(`${api}/metrics`)).status).toBe(401);
    expect((await fetch(`${api}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);

    const email = `metrics-${Date.now()}@example.com`;
    const up = await fetch(`${api}/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'M', email, password: 'quiet-meadow-4821' }),
    });
    expect(up.status).toBe(200);
    const cookie = up.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 0; i < 5; i++) expect((await fetch(`${api}/get-session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${api}/list-sessions`)).status).toBe(401);
    const wrong = await fetch(`${api}/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'wrong-password' }),
    });
    expect(wrong.status).toBe(401);

    const r = await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(sample(text, 'gatehouse_http_requests_total{method="GET",route="/get-session",status="200"}')).toBe(5);
    expect(sample(text, 'gatehouse_http_requests_total{method="GET",route="/list-sessions",status="401"}')).toBe(1);
    expect(sample(text, 'gatehouse_http_request_duration_seconds_count{method="GET",route="/get-session",status="200"}')).toBe(5);
    expect(sample(text, 'gatehouse_sign_ins_total{method="password",outcome="failure"}')).toBe(1);
    expect(sample(text, 'gatehouse_sign_ups_total')).toBe(1);
    expect(sample(text, 'gatehouse_database_up')).toBe(1);
    expect(text).toContain('process_resident_memory_bytes');

    const doc = await (await fetch(`${api}/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toContain('/api/auth/metrics');
    expect((await fetch(`${api}/reference`)).status).toBe(200);
    expect((await fetch(`${api}/reference/swagger-ui-bundle.js`)).status).toBe(200);
  });

  it('without it, there is no /metrics', async () => {
    const s = await startGatehouse({});
    servers.push(s);
    expect((await fetch(`${s.url}/api/auth/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${s.url}/api/auth/openapi.json`)).status).toBe(200);
  });
});
