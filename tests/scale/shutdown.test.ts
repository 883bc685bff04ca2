import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { metricSample, startGatehouse } from '../server/process.js';

/** What a load balancer sees when an instance is told to stop (SIGTERM). */
describe('graceful shutdown', () => {
  it('finishes in-flight requests on kept-alive connections, refuses new ones, and exits 0 promptly', async () => {
    const TOKEN = 'scrape-token-shutdown-0123456789';
    const s = await startGatehouse({ METRICS_TOKEN: TOKEN });
    const port = Number(new URL(s.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const send = (path: string, body?: unknown) =>
      new Promise<{ status: number; body: string }>((ok, fail) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: `/api/auth${path}`,
            method: body ? 'POST' : 'GET',
            agent,
            headers: body ? { 'content-type': 'application/json' } : {},
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => ok({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', fail);
        req.end(body ? JSON.stringify(body) : undefined);
      });
    // Warm kept-alive connections, as a reverse proxy holds them (one per request below).
    await Promise.all([send('/ok'), send('/ok'), send('/ok'), send('/ok')]);
    // Sign-ups take a scrypt hash each (~0.1 s, one at a time a core): the signal comes once the server has
    // received all four (each hashing, waiting for a slot, or done, as /metrics counts them), not after a
    // fixed wait, after which on a busy machine one could still be on its way and be refused (503) as new.
    const inFlight = Array.from({ length: 4 }, (_, i) =>
      send('/sign-up/email', { name: 'T', email: `term-${Date.now()}-${i}@example.com`, password: 'quiet-meadow-4821' }),
    );
    const received = async () => {
      const text = await (await fetch(`${s.url}/api/auth/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return ['gatehouse_password_hashes_running', 'gatehouse_password_hashes_waiting', 'gatehouse_sign_ups_total'].reduce(
        (n, name) => n + metricSample(text, name),
        0,
      );
    };
    for (let i = 0; i < 500 && (await received()) < 4; i++) await new Promise((r) => setTimeout(r, 5));
    expect(await received()).toBe(4);
    const started = Date.now();
    const exit = s.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await exit).toBe(0);
    // Kept-alive idle connections do not hold the process until their timeout.
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(fetch(`${s.url}/api/auth/ok`)).rejects.toThrow();
    agent.destroy();
  });

  it('answers /ok (liveness) and /ready (readiness: the database answers)', async () => {
    const s = await startGatehouse();
    try {
      expect(await (await fetch(`${s.url}/api/auth/ok`)).json()).toEqual({ ok: true });
      expect(await (await fetch(`${s.url}/api/auth/ready`)).json()).toEqual({ ok: true });
    } finally {
      await s.stop();
    }
  });
});
