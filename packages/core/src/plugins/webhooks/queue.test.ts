import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestClient,
  createTestDatabase,
  defaultTestDialect,
  type GatehouseOptions,
  isPrivateAddress,
  type TestClient,
  type TestDatabase,
} from '../../test-kit.js';
import { webhooks } from './config.js';
import { send } from './send.js';
import { type Receiver, startReceiver, verify } from './test-kit.js';

// The queue lives in the database: it outlives an instance, and instances sharing a database
// never send one attempt twice. Two instances need a database they can both open: a SQLite
// file, or a private schema of TEST_DIALECT's server.

const opened: TestClient[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
let r: Receiver;
afterEach(async () => {
  for (const t of opened.splice(0)) await t.auth.close();
  for (const c of cleanups.splice(0)) await c();
  await r?.close();
});

async function sharedDatabase(): Promise<string> {
  const dialect = defaultTestDialect();
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-webhooks-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return `file:${join(dir, 'auth.db')}`;
  }
  const db: TestDatabase = await createTestDatabase(dialect);
  cleanups.push(() => db.drop());
  return db.url;
}

async function instance(database: string, webhookOptions: NonNullable<GatehouseOptions['webhooks']> = {}) {
  const t = await createTestClient({ database, webhooks: { enabled: true, allowPrivateNetworks: true, pollInterval: 0, ...webhookOptions } });
  opened.push(t);
  return t;
}

async function adminOf(t: TestClient) {
  const jar = t.newJar();
  const { data } = await t.signUp({ name: 'root', email: `root-${Math.random().toString(36).slice(2)}@example.com` }, jar);
  const ctx = await t.auth.context();
  await ctx.adapter.update('user', [{ field: 'id', value: (data.user as { id: string }).id }], { role: 'admin' });
  return jar;
}

describe('the delivery queue', () => {
  it('survives a restart: a delivery queued before the close is sent by the next instance', async () => {
    r = await startReceiver();
    const database = await sharedDatabase();
    const first = await instance(database);
    const jar = await adminOf(first);
    const made = await first.json<{ id: string; secret: string }>('/webhooks/create', { body: { url: r.url, events: ['user.created'] }, jar });
    await first.signUp({ name: 'Queued', email: `queued-${Date.now()}@example.com` });
    await first.auth.close();
    opened.splice(opened.indexOf(first), 1);
    expect(r.received).toHaveLength(0);

    // The next instance, on its own timer.
    await instance(database, { pollInterval: 0.1 });
    const [got] = await r.waitFor(1, 5000);
    expect(got!.json.type).toBe('user.created');
    expect(got!.json.data.name).toBe('Queued');
    expect(verify(made.data.secret, got!.headers, got!.body)).toBe(true);
  });

  it('two instances on one database send each delivery once', async () => {
    r = await startReceiver();
    const database = await sharedDatabase();
    const a = await instance(database);
    const b = await instance(database);
    const jar = await adminOf(a);
    await a.json('/webhooks/create', { body: { url: r.url, events: ['user.created'] }, jar });
    for (let i = 0; i < 6; i++) await (i % 2 ? a : b).signUp({ name: `P${i}`, email: `p${i}-${Date.now()}@example.com` });
    const [sentA, sentB] = await Promise.all([webhooks(await a.auth.context()).deliverDue(), webhooks(await b.auth.context()).deliverDue()]);
    expect(sentA + sentB).toBe(6);
    expect(r.received).toHaveLength(6);
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(6);
  });

  it('an attempt left by a sender that died comes due again after its lease', async () => {
    r = await startReceiver();
    const database = await sharedDatabase();
    const t = await instance(database);
    const ctx = await t.auth.context();
    const jar = await adminOf(t);
    const made = await t.json<{ id: string }>('/webhooks/create', { body: { url: r.url, events: ['user.created'] }, jar });
    await t.signUp({ name: 'Lost', email: `lost-${Date.now()}@example.com` });
    // As a claim does, with no send after it.
    const [row] = await ctx.adapter.findMany<{ id: string }>('webhookDelivery', { where: [{ field: 'endpointId', value: made.data.id }] });
    await ctx.adapter.update('webhookDelivery', [{ field: 'id', value: row!.id }], { attempts: 1, nextAttemptAt: new Date(t.clock.ms + 70_000) });
    expect(await webhooks(ctx).deliverDue()).toBe(0);
    t.clock.advance(70);
    expect(await webhooks(ctx).deliverDue()).toBe(1);
    expect(r.received).toHaveLength(1);
  });
});

describe('SSRF guard at connection time', () => {
  it('knows which addresses are not public', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      'garbage',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses a host name that resolves to loopback, and an inward IP literal', async () => {
    r = await startReceiver();
    const port = new URL(r.url).port;
    const named = await send(`http://localhost:${port}/hook`, {}, '{}', { timeoutMs: 2000, allowPrivate: false });
    expect(named.ok).toBe(false);
    expect(named.error).toMatch(/non-public address/);
    const literal = await send(`http://127.0.0.1:${port}/hook`, {}, '{}', { timeoutMs: 2000, allowPrivate: false });
    expect(literal).toEqual({ ok: false, error: '127.0.0.1 is not a public address' });
    expect(r.received).toHaveLength(0);
    // Allowed, the same name connects.
    expect((await send(`http://localhost:${port}/hook`, {}, '{}', { timeoutMs: 2000, allowPrivate: true })).ok).toBe(true);
  });
});
