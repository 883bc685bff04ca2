import { afterEach, describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, useTestClients } from '../../test-kit.js';
import { webhooks } from './config.js';
import { WEBHOOKS_ERRORS } from './errors.js';
import { type Receiver, startReceiver, verify } from './test-kit.js';

// Everything over HTTP through the test harness, as the admin console would; deliveries go to
// a real HTTP receiver on loopback (hence allowPrivateNetworks) that checks every signature.

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
type Data = any;

const clients = useTestClients();
let receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};

/** A queue worker the tests drive (`deliverDue`) rather than a timer. */
const BASE: GatehouseOptions = { webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0 } };

async function setup(options: GatehouseOptions = BASE) {
  const t = await clients.open(options);
  const ctx = await t.auth.context();
  const person = async (name: string) => {
    const jar = t.newJar();
    const { data, email } = await t.signUp({ name, email: `${name}-${Math.random().toString(36).slice(2)}@example.com` }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const admin = await person('root');
  await ctx.adapter.update('user', [{ field: 'id', value: admin.id }], { role: 'admin' });
  const post = (jar: CookieJar | null, path: string, body: unknown = {}) => t.json<Data>(`/webhooks${path}`, { body, jar });
  const get = (jar: CookieJar | null, path: string) => t.json<Data>(`/webhooks${path}`, { jar });
  const deliveries = async (id: string) => (await get(admin.jar, `/deliveries?id=${id}`)).data.deliveries as Data[];
  const deliverDue = () => webhooks(ctx).deliverDue();
  return { t, ctx, person, admin, post, get, deliveries, deliverDue };
}

function expectError(res: { status: number; data: unknown }, status: number, code: keyof typeof WEBHOOKS_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: WEBHOOKS_ERRORS[code] });
}

describe('webhooks routes', () => {
  it('are for admins only: 401 without a session, 403 for a user', async () => {
    const { person, post, get } = await setup();
    const user = await person('ada');
    const calls: [string, 'GET' | 'POST', unknown][] = [
      ['/create', 'POST', { url: 'http://127.0.0.1:9/x', events: ['user.created'] }],
      ['/list', 'GET', null],
      ['/update', 'POST', { id: 'x' }],
      ['/delete', 'POST', { id: 'x' }],
      ['/deliveries?id=x', 'GET', null],
      ['/redeliver', 'POST', { deliveryId: 'x' }],
    ];
    for (const [path, method, body] of calls) {
      const anon = method === 'GET' ? await get(null, path) : await post(null, path, body);
      expect(anon.status, path).toBe(401);
      const res = method === 'GET' ? await get(user.jar, path) : await post(user.jar, path, body);
      expectError(res, 403, 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
    }
  });

  it('are not there unless enabled', async () => {
    const t = await clients.open({});
    expect((await t.json('/webhooks/list')).status).toBe(404);
    expect((await t.json<Data>('/providers')).data.features?.webhooks ?? false).toBe(false);
  });

  it('creates an endpoint, shows its secret once, keeps it encrypted, lists and updates it', async () => {
    const { ctx, admin, post, get, t } = await setup();
    const created = await post(admin.jar, '/create', { url: 'http://127.0.0.1:9/hook', events: ['user.created', 'user.created', 'session.created'] });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    expect(created.data).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: ['user.created', 'session.created'], enabled: true, source: 'console' });
    expect(created.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const raw = await ctx.adapter.findOne<{ secret: string }>('webhookEndpoint', [{ field: 'id', value: created.data.id }]);
    expect(raw!.secret).not.toContain(created.data.secret.slice(6));
    expect(ctx.encrypter.decrypt(raw!.secret)).toBe(created.data.secret);

    const list = await get(admin.jar, '/list');
    expect(list.status).toBe(200);
    expect(list.data.endpoints).toEqual([expect.objectContaining({ id: created.data.id, url: 'http://127.0.0.1:9/hook' })]);
    expect(JSON.stringify(list.data)).not.toContain('whsec_');
    expect(list.data.events).toEqual(expect.arrayContaining(['user.created', 'user.banned', 'session.revoked', 'organization.member.added']));
    expect(list.data.events).not.toContain('passkey.created');
    expect((await t.json<Data>('/providers')).data.features.webhooks).toBe(true);

    const own = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    const second = await post(admin.jar, '/create', { url: 'https://hooks.example.com/in', events: ['user.deleted'], secret: own });
    expect(second.data.secret).toBe(own);

    const updated = await post(admin.jar, '/update', { id: created.data.id, url: 'http://127.0.0.1:9/other', events: ['user.updated'], enabled: false });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id: created.data.id, url: 'http://127.0.0.1:9/other', events: ['user.updated'], enabled: false });
    const events = await ctx.adapter.findMany<{ type: string }>('auditEvent', { where: [{ field: 'type', operator: 'starts_with', value: 'webhook.' }] });
    expect(events.map((e) => e.type).sort()).toEqual(['webhook.create', 'webhook.create', 'webhook.update']);
  });

  it('refuses bad URLs, unknown events, bad secrets and unknown ids', async () => {
    const { admin, post, get } = await setup();
    for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pw@example.com/x', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expectError(await post(admin.jar, '/create', { url, events: ['user.created'] }), 400, 'INVALID_WEBHOOK_URL');
    }
    const unknown = await post(admin.jar, '/create', { url: 'https://example.com/x', events: ['user.created', 'user.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ code: 'UNKNOWN_WEBHOOK_EVENT', message: 'Unknown webhook event: user.exploded' });
    for (const secret of ['plain', 'whsec_short', `whsec_${Buffer.alloc(80).toString('base64')}`, 'whsec_!!!!not-base64!!!!!!!!!!!!!!!!!!!!!']) {
      expectError(await post(admin.jar, '/create', { url: 'https://example.com/x', events: ['user.created'], secret }), 400, 'INVALID_WEBHOOK_SECRET');
    }
    const empty = await post(admin.jar, '/create', { url: 'https://example.com/x', events: [] });
    expect(empty.status).toBe(400);
    expect(empty.data.code).toBe('VALIDATION_ERROR');

    expectError(await post(admin.jar, '/update', { id: 'nope' }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await post(admin.jar, '/delete', { id: 'nope' }), 404, 'WEBHOOK_NOT_FOUND');
    expectError(await get(admin.jar, '/deliveries?id=nope'), 404, 'WEBHOOK_NOT_FOUND');
    expect((await get(admin.jar, '/deliveries')).data.code).toBe('VALIDATION_ERROR');
    expectError(await post(admin.jar, '/redeliver', { deliveryId: 'nope' }), 404, 'DELIVERY_NOT_FOUND');
    const made = await post(admin.jar, '/create', { url: 'https://example.com/x', events: ['user.created'] });
    expectError(await post(admin.jar, '/update', { id: made.data.id, url: 'gopher://x' }), 400, 'INVALID_WEBHOOK_URL');
    expect((await post(admin.jar, '/update', { id: made.data.id, events: ['nope'] })).data.code).toBe('UNKNOWN_WEBHOOK_EVENT');
  });

  it('refuses private and loopback addresses unless allowPrivateNetworks (SSRF)', async () => {
    const { admin, post } = await setup({ webhooks: { enabled: true, pollInterval: 0 } });
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://api.localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.1.1/x',
      'http://172.20.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[fd00::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
      'http://2130706433/x',
    ]) {
      expectError(await post(admin.jar, '/create', { url, events: ['user.created'] }), 400, 'WEBHOOK_URL_NOT_ALLOWED');
    }
    expect((await post(admin.jar, '/create', { url: 'https://93.184.215.14/x', events: ['user.created'] })).status).toBe(200);
  });

  it('refuses a cross-site write, even with the admin cookie (CSRF)', async () => {
    const { t, admin, get } = await setup();
    const res = await t.json<Data>('/webhooks/create', {
      body: { url: 'https://evil.example/x', events: ['user.created'] },
      jar: admin.jar,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('INVALID_ORIGIN');
    expect((await get(admin.jar, '/list')).data.endpoints).toEqual([]);
  });

  it('deletes an endpoint with its deliveries', async () => {
    const { ctx, admin, post, get, person } = await setup();
    const made = await post(admin.jar, '/create', { url: 'http://127.0.0.1:9/x', events: ['user.created'] });
    await person('bob');
    expect(await ctx.adapter.count('webhookDelivery')).toBe(1);
    expect((await post(admin.jar, '/delete', { id: made.data.id })).data).toEqual({ success: true });
    expect(await ctx.adapter.count('webhookDelivery')).toBe(0);
    expect((await get(admin.jar, '/list')).data.endpoints).toEqual([]);
    expectError(await post(admin.jar, '/delete', { id: made.data.id }), 404, 'WEBHOOK_NOT_FOUND');
  });
});

describe('webhook deliveries', () => {
  it('sends a signed user.created with public fields only, after the sign-up answered', async () => {
    const r = await receiver();
    const { admin, post, person, deliveries, deliverDue } = await setup();
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    const bob = await person('bob');
    // The sign-up answered with the delivery queued, not sent.
    expect(r.received).toHaveLength(0);
    expect((await deliveries(made.data.id))[0]).toMatchObject({ status: 'pending', attempts: 0, eventType: 'user.created' });

    expect(await deliverDue()).toBe(1);
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(verify(made.data.secret, got.headers, got.body)).toBe(true);
    expect(verify('whsec_' + Buffer.alloc(32, 1).toString('base64'), got.headers, got.body)).toBe(false);
    expect(verify(made.data.secret, got.headers, got.body.replace('bob', 'eve'))).toBe(false);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_[\w-]{22}$/);
    expect(Number(got.headers['webhook-timestamp'])).toBe(Math.floor(Date.UTC(2026, 0, 1, 12) / 1000));
    expect(got.json.type).toBe('user.created');
    expect(got.json.timestamp).toBe('2026-01-01T12:00:00.000Z');
    expect(got.json.data).toMatchObject({ id: bob.id, email: bob.email, name: 'bob', emailVerified: false });
    expect(got.body).not.toMatch(/password|scrypt|token/i);

    const [row] = await deliveries(made.data.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      lastResponse: 'ok',
      nextAttemptAt: null,
      messageId: got.headers['webhook-id'],
    });
    expect(row.payload).toEqual(got.json);
    expect(await deliverDue()).toBe(0);
  });

  it('fails with a 500, retries with backoff as the clock moves, and recovers', async () => {
    const r = await receiver();
    r.answer = 500;
    r.answerBody = `${'database is down; '.repeat(100)}`;
    const { t, admin, post, person, deliveries, deliverDue } = await setup();
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('carol');
    await deliverDue();
    let [row] = await deliveries(made.data.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    // The start of the receiver's answer (its first KiB), for the console's delivery drawer.
    expect(row.lastResponse).toBe(r.answerBody.slice(0, 1024));
    expect(new Date(row.nextAttemptAt).getTime()).toBe(t.clock.ms + 5000);
    // Not due yet: nothing is sent.
    t.clock.advance(4);
    expect(await deliverDue()).toBe(0);
    t.clock.advance(1);
    await deliverDue();
    [row] = await deliveries(made.data.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
    expect(new Date(row.nextAttemptAt).getTime()).toBe(t.clock.ms + 30_000);
    r.answer = 204;
    t.clock.advance(30);
    await deliverDue();
    [row] = await deliveries(made.data.id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204, lastError: null, lastResponse: '' });
    expect(r.received).toHaveLength(3);
    // One message: the same id and body each time, each attempt signed with its own timestamp.
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(r.received.map((x) => Number(x.headers['webhook-timestamp']) - Number(r.received[0]!.headers['webhook-timestamp']))).toEqual([0, 5, 35]);
    for (const x of r.received) expect(verify(made.data.secret, x.headers, x.body)).toBe(true);
  });

  it('gives up after the last retry (about a day by default), and an admin redelivers it', async () => {
    const r = await receiver();
    r.answer = 503;
    const { t, admin, post, person, deliveries, deliverDue } = await setup();
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('dave');
    let elapsed = 0;
    for (let i = 0; i < 20; i++) {
      await deliverDue();
      const [row] = await deliveries(made.data.id);
      if (row.status !== 'pending') break;
      const wait = (new Date(row.nextAttemptAt).getTime() - t.clock.ms) / 1000;
      elapsed += wait;
      t.clock.advance(wait);
    }
    const [failed] = await deliveries(made.data.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 10, lastStatusCode: 503, nextAttemptAt: null });
    expect(elapsed).toBeGreaterThan(20 * 3600);
    expect(elapsed).toBeLessThanOrEqual(24 * 3600);

    r.answer = 200;
    const again = await post(admin.jar, '/redeliver', { deliveryId: failed.id });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ status: 'pending', attempts: 0, messageId: failed.messageId, eventType: 'user.created' });
    expectError(await post(admin.jar, '/redeliver', { deliveryId: again.data.id }), 400, 'DELIVERY_STILL_PENDING');
    await deliverDue();
    const list = await deliveries(made.data.id);
    expect(list.map((d: Data) => d.status).sort()).toEqual(['failed', 'succeeded']);
    expect(r.received.at(-1)!.headers['webhook-id']).toBe(failed.messageId);
    expect(verify(made.data.secret, r.received.at(-1)!.headers, r.received.at(-1)!.body)).toBe(true);
  });

  it('counts an answer that does not come within the time-out as a failure', async () => {
    const r = await receiver();
    r.answer = 'hang';
    const { admin, post, person, deliveries, deliverDue } = await setup({
      webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0, timeout: 0.3 },
    });
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('erin');
    const started = Date.now();
    await deliverDue();
    expect(Date.now() - started).toBeLessThan(3000);
    const [row] = await deliveries(made.data.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'Timed out after 0.3 s' });
  });

  it('records a refused connection and a redirect as failures', async () => {
    const r = await receiver();
    const { admin, post, person, deliveries, deliverDue } = await setup();
    const closedPort = new URL(r.url).port;
    await r.close();
    receivers = [];
    const made = await post(admin.jar, '/create', { url: `http://127.0.0.1:${closedPort}/gone`, events: ['user.created'] });
    await person('fay');
    await deliverDue();
    const [row] = await deliveries(made.data.id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/ECONNREFUSED/);

    const moved = await receiver();
    moved.answer = 302;
    const m = await post(admin.jar, '/create', { url: moved.url, events: ['user.created'] });
    await person('gus');
    await deliverDue();
    expect((await deliveries(m.data.id))[0]).toMatchObject({ status: 'pending', lastStatusCode: 302, lastError: 'HTTP 302' });
  });

  it('sends session, user, ban and organization events to the endpoints that want them', async () => {
    const r = await receiver();
    const all = await receiver();
    const { t, admin, post, person, deliverDue } = await setup();
    await post(admin.jar, '/create', {
      url: r.url,
      events: [
        'session.created',
        'session.revoked',
        'user.updated',
        'user.banned',
        'user.unbanned',
        'user.deleted',
        'organization.member.added',
        'organization.member.removed',
      ],
    });
    const silent = await post(admin.jar, '/create', { url: all.url, events: ['user.created'] });
    const off = await post(admin.jar, '/update', { id: silent.data.id, enabled: false });
    expect(off.data.enabled).toBe(false);

    const hal = await person('hal'); // session.created
    await t.json('/update-user', { body: { name: 'Hal 9000' }, jar: hal.jar }); // user.updated
    await t.json('/admin/ban-user', { body: { userId: hal.id, banReason: 'spam' }, jar: admin.jar }); // user.updated + user.banned + session.revoked
    await t.json('/admin/unban-user', { body: { userId: hal.id }, jar: admin.jar }); // user.updated + user.unbanned
    const org = await t.json<Data>('/organization/create', { body: { name: 'Acme', slug: `acme-${Date.now()}` }, jar: admin.jar }); // member.added (+ session updates)
    expect(org.status, JSON.stringify(org.data)).toBe(200);
    await t.json('/admin/remove-user', { body: { userId: hal.id }, jar: admin.jar }); // user.deleted
    await deliverDue();
    const types = r.received.map((x) => x.json.type);
    expect(types).toContain('session.created');
    expect(types).toContain('session.revoked');
    expect(types).toContain('user.banned');
    expect(types).toContain('user.unbanned');
    expect(types).toContain('user.deleted');
    expect(types).toContain('organization.member.added');
    expect(types.filter((x) => x === 'user.banned')).toHaveLength(1);
    expect(types.filter((x) => x === 'user.unbanned')).toHaveLength(1);
    const updated = r.received.filter((x) => x.json.type === 'user.updated').map((x) => x.json.data.name);
    expect(updated).toContain('Hal 9000');
    const banned = r.received.find((x) => x.json.type === 'user.banned')!;
    expect(banned.json.data).toMatchObject({ id: hal.id, banned: true, banReason: 'spam' });
    const session = r.received.find((x) => x.json.type === 'session.created')!;
    expect(session.json.data).toMatchObject({ userId: expect.any(String), expiresAt: expect.any(String) });
    expect(session.json.data).not.toHaveProperty('token');
    for (const x of r.received) {
      expect(x.body).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/);
      expect(types).not.toContain('user.created');
    }
    // The disabled endpoint got nothing.
    expect(all.received).toHaveLength(0);
  });

  it('fails what is pending for an endpoint that was disabled meanwhile, and queues nothing new for it', async () => {
    const r = await receiver();
    const { ctx, admin, post, person, deliveries, deliverDue } = await setup();
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('lee');
    await post(admin.jar, '/update', { id: made.data.id, enabled: false });
    await person('mo');
    expect(await ctx.adapter.count('webhookDelivery')).toBe(1);
    await deliverDue();
    expect(await deliveries(made.data.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'The endpoint is disabled', lastStatusCode: null }),
    ]);
    expect(r.received).toHaveLength(0);
  });

  it('never fails the request that caused the event, even when queuing fails', async () => {
    const warnings: string[] = [];
    const { ctx, t, admin, post } = await setup({
      ...BASE,
      logger: { debug() {}, info() {}, error() {}, warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) },
    });
    await post(admin.jar, '/create', { url: 'http://127.0.0.1:9/x', events: ['user.created'] });
    await ctx.database.db.schema.dropTable('webhookDelivery').execute();
    const res = await t.json('/sign-up/email', { body: { name: 'Ivy', email: 'ivy@example.com', password: 'correct horse battery' }, jar: t.newJar() });
    expect(res.status).toBe(200);
    expect(warnings).toContain('could not queue a webhook delivery');
  });

  it('keeps settled deliveries for the retention period, pending ones until they settle', async () => {
    const r = await receiver();
    const { t, ctx, admin, post, person, deliverDue } = await setup({
      webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0, retentionDays: 7 },
    });
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('old');
    await deliverDue();
    r.answer = 500;
    await person('stuck');
    await deliverDue();
    t.clock.advance(7 * 86_400 - 1);
    expect(await webhooks(ctx).prune()).toBe(0);
    t.clock.advance(2);
    expect(await webhooks(ctx).prune()).toBe(1);
    // (The admin's session has expired by now: the table itself.)
    const left = await ctx.adapter.findMany<{ status: string }>('webhookDelivery', { where: [{ field: 'endpointId', value: made.data.id }] });
    expect(left.map((d) => d.status)).toEqual(['pending']);
  });

  it('sends on its own timer soon after an event, without a test driving it', async () => {
    const r = await receiver();
    const { admin, post, person } = await setup({ webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0.2 } });
    const made = await post(admin.jar, '/create', { url: r.url, events: ['user.created'] });
    await person('jo');
    const [got] = await r.waitFor(1, 3000);
    expect(verify(made.data.secret, got!.headers, got!.body)).toBe(true);
  });
});

describe('configured endpoints', () => {
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
  it('are kept in step with the configuration and cannot be changed from the console', async () => {
    const r = await receiver();
    const { admin, post, get, person, deliverDue } = await setup({
      webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0, endpoints: [{ url: r.url, events: ['user.created'], secret }] },
    });
    const list = (await get(admin.jar, '/list')).data.endpoints;
    expect(list).toEqual([expect.objectContaining({ url: r.url, events: ['user.created'], source: 'config', enabled: true })]);
    expectError(await post(admin.jar, '/delete', { id: list[0].id }), 400, 'WEBHOOK_FROM_CONFIGURATION');
    expectError(await post(admin.jar, '/update', { id: list[0].id, enabled: false }), 400, 'WEBHOOK_FROM_CONFIGURATION');
    await person('kim');
    await deliverDue();
    expect(r.received.map((x) => verify(secret, x.headers, x.body))).toEqual([true, true]);
  });

  it('refuse a bad entry at start with a message naming it', async () => {
    await expect(clients.open({ webhooks: { enabled: true, endpoints: [{ url: 'http://127.0.0.1/x', events: ['user.created'], secret }] } })).rejects.toThrow(
      /webhooks\.endpoints\[0\]\.url: a private or loopback address/,
    );
    await expect(clients.open({ webhooks: { enabled: true, endpoints: [{ url: 'https://example.com/x', events: ['nope'], secret }] } })).rejects.toThrow(
      /webhooks\.endpoints\[0\]\.events: unknown event nope/,
    );
    await expect(
      clients.open({ webhooks: { enabled: true, endpoints: [{ url: 'https://example.com/x', events: ['user.created'], secret: 'x' }] } }),
    ).rejects.toThrow(/webhooks\.endpoints\[0\]\.secret/);
  });
});
