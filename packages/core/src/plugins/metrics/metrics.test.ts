import { describe, expect, it } from 'vitest';
import { definePlugin, type SecondaryStorage, type TestClient, useTestClients } from '../../test-kit.js';

const clients = useTestClients();

const TOKEN = 'scrape-token-0123456789abcdef';
const withMetrics = (extra: Record<string, unknown> = {}) => ({ metrics: { enabled: true, token: TOKEN }, ...extra });

async function scrape(t: TestClient): Promise<string> {
  const r = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, jar: null });
  expect(r.status).toBe(200);
  return r.text();
}

/** The value of one sample: `name{labels}` with exactly these labels (order aside); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got =
      (m[2] ?? '')
        .match(/\w+="(?:[^"\\]|\\.)*"/g)
        ?.sort()
        .join(',') ?? '';
    if (got === want) return Number(m[3]);
  }
  return undefined;
}

describe('metrics: off unless configured', () => {
  it('has no /metrics route and leaves it out of the OpenAPI document', async () => {
    const t = await clients.open();
    expect((await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const doc = await t.json<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.data.paths)).not.toContain('/api/auth/metrics');
  });

  it('refuses to start enabled without a token of at least 16 characters', async () => {
    await expect(clients.open({ metrics: { enabled: true } })).rejects.toThrow(
      'Gatehouse options: metrics.token: metrics need a token (METRICS_TOKEN, or metrics.token)',
    );
    await expect(clients.open({ metrics: { enabled: true, token: 'short' } })).rejects.toThrow(
      'Gatehouse options: metrics.token: the metrics token must be at least 16 characters',
    );
    await expect(clients.open({ metrics: { enabled: true, token: TOKEN, procesMetrics: false } as never })).rejects.toThrow(
      'metrics.procesMetrics: unknown option, did you mean "processMetrics"?',
    );
  });
});

describe('GET /metrics: the token', () => {
  it('answers 401 UNAUTHORIZED without it, with a wrong one or another scheme, and the Prometheus text with it', async () => {
    const t = await clients.open(withMetrics());
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abc', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const r = await t.json('/metrics', { headers: authorization ? { authorization } : {} });
      expect(r.status, String(authorization)).toBe(401);
      expect(r.data).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
      expect(r.response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const r = await t.request('/metrics', { headers: { authorization: `bearer  ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await r.text();
    expect(text).toContain('# TYPE gatehouse_http_requests_total counter');
    expect(text).toContain('# TYPE gatehouse_http_request_duration_seconds histogram');
    // Node's own process metrics are there by default, and can be left out.
    expect(text).toContain('process_cpu_user_seconds_total');
    const bare = await clients.open({ metrics: { enabled: true, token: TOKEN, processMetrics: false } });
    expect(await scrape(bare)).not.toContain('process_cpu_user_seconds_total');
  });

  it('is rate-limited like any route: guessing the token meets 429', async () => {
    const t = await clients.open(withMetrics({ rateLimit: { enabled: true, window: 60, max: 3 } }));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.request('/metrics', { headers: { authorization: `Bearer guess-${i}-0123456789abcdef` }, ip: '10.9.9.9' })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Even the right token waits out the window from that address; another address scrapes.
    expect((await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, ip: '10.9.9.9' })).status).toBe(429);
    expect((await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, ip: '10.9.9.10' })).status).toBe(200);
  });

  it('counts the refusals of wrong tokens as answers of the route, status 401', async () => {
    const t = await clients.open(withMetrics());
    await t.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    await t.request('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(sample(await scrape(t), 'gatehouse_http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBe(2);
  });
});

describe('GET /metrics: what moves', () => {
  it('counts sign-ins by method and outcome, sign-ups, and answers per declared route and status with a latency histogram', async () => {
    const t = await clients.open(withMetrics());
    const { email, password } = await t.signUp();
    expect((await t.json('/sign-in/email', { body: { email, password: 'wrong password!' }, jar: t.newJar() })).status).toBe(401);
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: t.newJar() })).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: t.newJar() })).status).toBe(200);
    expect((await t.json('/sign-in/email', { body: { email: 'not an email', password } })).status).toBe(400);
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_sign_ins_total', { method: 'password', outcome: 'success' })).toBe(2);
    expect(sample(text, 'gatehouse_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'gatehouse_sign_ups_total')).toBe(1);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'POST', route: '/sign-in/email', status: '200' })).toBe(2);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'POST', route: '/sign-in/email', status: '401' })).toBe(1);
    // A refusal by validation (thrown before the handler) is an answer too.
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'POST', route: '/sign-in/email', status: '400' })).toBe(1);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'POST', route: '/sign-up/email', status: '200' })).toBe(1);
    // The histogram: every answer in the +Inf bucket, the count equal to the counter, a positive sum.
    const labels = { method: 'POST', route: '/sign-in/email', status: '200' };
    expect(sample(text, 'gatehouse_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(sample(text, 'gatehouse_http_request_duration_seconds_count', labels)).toBe(2);
    expect(sample(text, 'gatehouse_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // Nothing about the people: no address, no IP.
    expect(text).not.toContain(email);
    expect(text).not.toContain('127.0.0.1');
  });

  it('counts a username sign-in as a password sign-in, whichever name was typed', async () => {
    const t = await clients.open(withMetrics());
    const { password } = await t.signUp({ username: 'ada_metrics' }, t.newJar());
    expect((await t.json('/sign-in/username', { body: { username: 'ada_metrics', password: 'wrong password!' }, jar: t.newJar() })).status).toBe(401);
    expect((await t.json('/sign-in/username', { body: { username: 'ada_metrics', password }, jar: t.newJar() })).status).toBe(200);
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_sign_ins_total', { method: 'password', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'gatehouse_sign_ins_total', { method: 'password', outcome: 'success' })).toBe(1);
    expect(text).not.toContain('ada_metrics');
  });

  it('tells a database that does not answer as down, within the probe timeout', async () => {
    const t = await clients.open(withMetrics());
    const context = await t.auth.context();
    // The database stops answering: every query fails.
    const executor = context.database.db.getExecutor();
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = async () => {
      throw new Error('connection lost');
    };
    try {
      const text = await scrape(t);
      expect(sample(text, 'gatehouse_database_up')).toBe(0);
      expect(sample(text, 'gatehouse_probe_latency_seconds', { target: 'database' })).toBe(2);
    } finally {
      executor.executeQuery = original;
    }
    expect(sample(await scrape(t), 'gatehouse_database_up')).toBe(1);
  });

  it('labels a route by its declared path, not the URL', async () => {
    const t = await clients.open(withMetrics());
    await t.request('/reference/init.js');
    await t.request('/reference/nothing-here.js');
    await t.request('/no-such-route');
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'GET', route: '/reference/:file', status: '200' })).toBe(1);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'GET', route: '/reference/:file', status: '404' })).toBe(1);
    expect(text).not.toContain('init.js');
    expect(text).not.toContain('no-such-route');
  });

  it("counts the fast lane's answers (get-session, list-sessions), through the handler and straight from the lane", async () => {
    const t = await clients.open(withMetrics());
    await t.signUp();
    expect((await t.json('/get-session')).status).toBe(200);
    expect((await t.json('/get-session', { jar: null })).status).toBe(200);
    expect((await t.json('/list-sessions', { jar: null })).status).toBe(401);
    // What the Node server calls, without Fetch objects.
    const lane = await t.auth.fastLane();
    const answer = await lane.answer({ target: '/api/auth/get-session', header: (name) => (name === 'cookie' ? t.jar.header() : null), ip: '127.0.0.1' });
    expect(answer?.status).toBe(200);
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'GET', route: '/get-session', status: '200' })).toBe(3);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'GET', route: '/list-sessions', status: '401' })).toBe(1);
    expect(sample(text, 'gatehouse_http_request_duration_seconds_count', { method: 'GET', route: '/get-session', status: '200' })).toBe(3);
  });

  it('counts lockouts and rate-limit refusals (the fast lane included)', async () => {
    const t = await clients.open(withMetrics({ lockout: { maxAttempts: 2 }, rateLimit: { enabled: true, window: 60, max: 2 } }));
    const { email } = await t.signUp({}, t.newJar());
    for (let i = 0; i < 3; i++) await t.json('/sign-in/email', { body: { email, password: 'wrong password!' }, ip: `10.0.0.${i}` });
    for (let i = 0; i < 3; i++) await t.json('/ok', { ip: '10.1.0.1' });
    for (let i = 0; i < 3; i++) await t.json('/get-session', { ip: '10.1.0.2', jar: null });
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_lockouts_total')).toBe(1);
    expect(sample(text, 'gatehouse_rate_limit_refusals_total', { route: '/ok' })).toBe(1);
    expect(sample(text, 'gatehouse_rate_limit_refusals_total', { route: '/get-session' })).toBe(1);
    expect(sample(text, 'gatehouse_http_requests_total', { method: 'GET', route: '/ok', status: '429' })).toBe(1);
  });

  it('counts mails that could not be sent', async () => {
    const t = await clients.open(
      withMetrics({
        email: {
          send: async () => {
            throw new Error('smtp down');
          },
        },
      }),
    );
    const { email } = await t.signUp({}, t.newJar());
    await t.json('/request-password-reset', { body: { email, redirectTo: '/reset' } });
    expect(sample(await scrape(t), 'gatehouse_mail_failures_total')).toBeGreaterThanOrEqual(1);
  });

  it('probes the database at each scrape, and Redis when configured', async () => {
    const t = await clients.open(withMetrics());
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_database_up')).toBe(1);
    expect(sample(text, 'gatehouse_probe_latency_seconds', { target: 'database' })).toBeGreaterThan(0);
    expect(sample(text, 'gatehouse_redis_up')).toBeUndefined();
    // The password-hash queue of this process, idle between requests.
    expect(sample(text, 'gatehouse_password_hashes_running')).toBe(0);
    expect(sample(text, 'gatehouse_password_hashes_waiting')).toBe(0);

    const values = new Map<string, string>();
    let reads = 0;
    const storage: SecondaryStorage = {
      get: async (key) => {
        reads++;
        return values.get(key) ?? null;
      },
      set: async (key, value) => {
        values.set(key, value);
      },
      delete: async (key) => {
        values.delete(key);
      },
    };
    const withRedis = await clients.open(withMetrics({ secondaryStorage: storage }));
    const before = reads;
    const redisText = await scrape(withRedis);
    expect(reads).toBeGreaterThan(before);
    expect(sample(redisText, 'gatehouse_redis_up')).toBe(1);
    expect(sample(redisText, 'gatehouse_probe_latency_seconds', { target: 'redis' })).toBeGreaterThan(0);
  });

  it("reports the plugins' own gauges at each scrape (Plugin.gauges), NaN for one that cannot be read", async () => {
    let depth = 3;
    const t = await clients.open(
      withMetrics({
        plugins: [
          definePlugin({
            id: 'queue',
            gauges: [
              { name: 'gatehouse_test_queue_depth', help: 'Jobs waiting', read: async () => depth },
              {
                name: 'gatehouse_test_broken',
                help: 'Cannot be read',
                read: () => {
                  throw new Error('no');
                },
              },
            ],
          }),
        ],
      }),
    );
    expect(sample(await scrape(t), 'gatehouse_test_queue_depth')).toBe(3);
    depth = 0;
    const text = await scrape(t);
    expect(sample(text, 'gatehouse_test_queue_depth')).toBe(0);
    expect(sample(text, 'gatehouse_test_broken')).toBeNaN();
  });

  it('reports the webhook queue depth when webhooks run (their gauge)', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    // Nothing listens on port 9 (discard): each delivery fails and waits for its retry.
    const endpoints = [{ url: 'http://127.0.0.1:9/hook', events: ['user.created'], secret }];
    const t = await clients.open(withMetrics({ webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0, timeout: 1, endpoints } }));
    expect(sample(await scrape(t), 'gatehouse_webhook_queue_depth')).toBe(0);
    await t.signUp();
    await t.signUp();
    expect(sample(await scrape(t), 'gatehouse_webhook_queue_depth')).toBe(2);
  });

  it('keeps each instance its own registry (several in one process)', async () => {
    const a = await clients.open(withMetrics());
    const b = await clients.open(withMetrics());
    await a.signUp();
    await a.signUp();
    await b.signUp();
    expect(sample(await scrape(a), 'gatehouse_sign_ups_total')).toBe(2);
    expect(sample(await scrape(b), 'gatehouse_sign_ups_total')).toBe(1);
  });
});
