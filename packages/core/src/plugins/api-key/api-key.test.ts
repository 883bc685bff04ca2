import { describe, expect, it } from 'vitest';
import { hashToken, type TestClient, useTestClients } from '../../test-kit.js';
import type { ApiKeyOptions } from './config.js';
import type { ApiKey } from './store.js';

const clients = useTestClients();
const open = (apiKey: ApiKeyOptions = {}, more: Parameters<typeof clients.open>[0] = {}) => clients.open({ apiKey: { enabled: true, ...apiKey }, ...more });

type Created = ApiKey & { key: string };
/** GET /api-key/list's answer (better-auth 1.7's shape). */
type KeyList = { apiKeys: ApiKey[]; total: number; limit?: number; offset?: number };
const create = async (t: TestClient, body: Record<string, unknown> = {}, jar = t.jar) => t.json<Created>('/api-key/create', { body, jar });
/** A request with the key alone (no cookies). */
const withKey = (t: TestClient, key: string, path = '/get-session', init: { body?: unknown } = {}) =>
  t.json<Record<string, unknown> | null>(path, { jar: null, headers: { 'x-api-key': key }, ...init });

describe('api keys: off unless configured', () => {
  it('has no routes, and an x-api-key header means nothing', async () => {
    const t = await clients.open();
    await t.signUp();
    expect((await t.json('/api-key/list')).status).toBe(404);
    expect((await t.json('/api-key/create', { body: {} })).status).toBe(404);
    expect((await t.json<{ features: Record<string, boolean> }>('/providers')).data.features.apiKey).toBe(false);
    expect((await withKey(t, 'anything')).data).toBeNull();
  });
});

describe('api keys: create', () => {
  it('answers the key once, with its name, start, expiry; keeps only its SHA-256', async () => {
    const t = await open();
    const { data: user } = await t.signUp();
    const userId = (user.user as { id: string }).id;
    const r = await create(t, { name: 'CI', expiresIn: 7 * 86_400 });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      name: 'CI',
      userId,
      enabled: true,
      prefix: null,
      rateLimitEnabled: true,
      rateLimitTimeWindow: 60_000,
      rateLimitMax: 100,
      requestCount: 0,
      lastRequest: null,
      permissions: null,
      metadata: null,
      expiresAt: new Date(t.clock.ms + 7 * 86_400_000).toISOString(),
      createdAt: new Date(t.clock.ms).toISOString(),
    });
    expect(r.data.key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(r.data.start).toBe(r.data.key.slice(0, 6));
    const ctx = await t.auth.context();
    const rows = await ctx.adapter.findMany<Record<string, unknown>>('apikey', {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe(hashToken(r.data.key));
    expect(JSON.stringify(rows)).not.toContain(r.data.key);
    // Never again: not in the list, not in get.
    const list = await t.json<KeyList>('/api-key/list');
    expect(JSON.stringify(list.data)).not.toContain(r.data.key);
    expect(list.data.apiKeys[0]).not.toHaveProperty('key');
    const got = await t.json<ApiKey>(`/api-key/get?id=${r.data.id}`);
    expect(got.data).not.toHaveProperty('key');
    expect(got.data.id).toBe(r.data.id);
    const audit = await ctx.adapter.findMany<{ details: Record<string, unknown> }>('auditEvent', { where: [{ field: 'type', value: 'api-key.create' }] });
    expect(audit[0]!.details).toEqual({ keyId: r.data.id, start: r.data.start });
  });

  it('a prefix from the options or the body; no expiry unless asked', async () => {
    const t = await open({ defaultPrefix: 'gh_' });
    await t.signUp();
    const a = await create(t);
    expect(a.data.key).toMatch(/^gh_[A-Za-z0-9]{64}$/);
    expect(a.data).toMatchObject({ prefix: 'gh_', start: a.data.key.slice(0, 6), expiresAt: null, name: null });
    const b = await create(t, { prefix: 'ci-' });
    expect(b.data.key.startsWith('ci-')).toBe(true);
  });

  it('refuses a caller without a session, bad names, expiry out of bounds, metadata unless enabled, server-only fields', async () => {
    const t = await open({ requireName: true });
    expect((await create(t, { name: 'x' }, null as never)).status).toBe(401);
    await t.signUp();
    const refuse = async (body: Record<string, unknown>, code: string, status = 400) => {
      const r = await create(t, body);
      expect([r.status, (r.data as unknown as { code: string }).code]).toEqual([status, code]);
    };
    await refuse({}, 'NAME_REQUIRED');
    await refuse({ name: 'x'.repeat(33) }, 'INVALID_NAME_LENGTH');
    await refuse({ name: 'ok', expiresIn: 60 }, 'EXPIRES_IN_IS_TOO_SMALL');
    await refuse({ name: 'ok', expiresIn: 366 * 86_400 }, 'EXPIRES_IN_IS_TOO_LARGE');
    await refuse({ name: 'ok', expiresIn: 'soon' }, 'VALIDATION_ERROR');
    await refuse({ name: 'ok', prefix: 'no spaces' }, 'VALIDATION_ERROR');
    await refuse({ name: 'ok', metadata: { a: 1 } }, 'METADATA_DISABLED');
    await refuse({ name: 'ok', permissions: { files: ['read'] } }, 'SERVER_ONLY_PROPERTY');
    await refuse({ name: 'ok', rateLimitMax: 1_000_000 }, 'SERVER_ONLY_PROPERTY');
    await refuse({ name: 'ok', userId: 'someone-else' }, 'SERVER_ONLY_PROPERTY');
    expect((await t.json<KeyList>('/api-key/list')).data).toEqual({ apiKeys: [], total: 0 });
  });

  it('the server may create a key for a user with permissions and its own rate limit (auth.api)', async () => {
    const t = await open({ enableMetadata: true });
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const made = await t.auth.api.createApiKey({
      body: { userId, name: 'worker', permissions: { files: ['read'] }, rateLimitMax: 2, rateLimitTimeWindow: 1000, metadata: { team: 'ops' } },
    });
    expect(made).toMatchObject({
      userId,
      name: 'worker',
      permissions: { files: ['read'] },
      rateLimitMax: 2,
      rateLimitTimeWindow: 1000,
      metadata: { team: 'ops' },
    });
    await expect(t.auth.api.createApiKey({ body: { name: 'nobody' } })).rejects.toMatchObject({ code: 'USER_ID_REQUIRED' });
  });
});

describe('api keys: list, get, update, delete', () => {
  it('lists the caller own keys newest first; get, update and delete refuse another user’s key (404 KEY_NOT_FOUND)', async () => {
    const t = await open();
    await t.signUp();
    const first = (await create(t, { name: 'one' })).data;
    t.clock.advance(10);
    const second = (await create(t, { name: 'two' })).data;
    const mallory = t.newJar();
    await t.signUp({}, mallory);
    const theirs = (await create(t, { name: 'theirs' }, mallory)).data;
    expect((await t.json<KeyList>('/api-key/list')).data.apiKeys.map((k) => k.name)).toEqual(['two', 'one']);
    expect((await t.json<KeyList>('/api-key/list', { jar: mallory })).data.apiKeys.map((k) => k.id)).toEqual([theirs.id]);
    for (const [path, init] of [
      [`/api-key/get?id=${first.id}`, {}],
      ['/api-key/update', { body: { keyId: first.id, name: 'mine now' } }],
      ['/api-key/delete', { body: { keyId: first.id } }],
    ] as const) {
      const r = await t.json(path, { ...init, jar: mallory });
      expect([r.status, r.data]).toEqual([404, { code: 'KEY_NOT_FOUND', message: 'API Key not found' }]);
    }
    expect((await t.json('/api-key/get')).status).toBe(400);
    for (const path of ['/api-key/list', `/api-key/get?id=${first.id}`]) expect((await t.json(path, { jar: null })).status).toBe(401);
    for (const path of ['/api-key/update', '/api-key/delete']) expect((await t.json(path, { jar: null, body: { keyId: first.id } })).status).toBe(401);

    const renamed = await t.json<ApiKey>('/api-key/update', { body: { keyId: second.id, name: 'renamed', enabled: false, expiresIn: 86_400 } });
    expect(renamed.data).toMatchObject({ id: second.id, name: 'renamed', enabled: false, expiresAt: new Date(t.clock.ms + 86_400_000).toISOString() });
    const nothing = await t.json('/api-key/update', { body: { keyId: second.id } });
    expect([nothing.status, (nothing.data as { code: string }).code]).toEqual([400, 'NO_VALUES_TO_UPDATE']);
    const serverOnly = await t.json('/api-key/update', { body: { keyId: second.id, permissions: { a: ['b'] } } });
    expect((serverOnly.data as { code: string }).code).toBe('SERVER_ONLY_PROPERTY');

    const deleted = await t.json('/api-key/delete', { body: { keyId: first.id } });
    expect(deleted).toMatchObject({ status: 200, data: { success: true } });
    expect((await t.json('/api-key/delete', { body: { keyId: first.id } })).status).toBe(404);
    expect((await t.json('/api-key/delete', { body: {} })).status).toBe(400);
    expect((await t.json<KeyList>('/api-key/list')).data.apiKeys.map((k) => k.id)).toEqual([second.id]);
  });

  it('answers { apiKeys, total } as better-auth 1.7: referenceId and configId on each key, pages and sorts', async () => {
    const t = await open();
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    for (const name of ['a', 'b', 'c']) {
      await create(t, { name });
      t.clock.advance(10);
    }
    const all = await t.json<KeyList>('/api-key/list');
    expect(all.data.total).toBe(3);
    expect(all.data.apiKeys.map((k) => k.name)).toEqual(['c', 'b', 'a']);
    expect(all.data.apiKeys[0]).toMatchObject({ userId, referenceId: userId, configId: 'default', enabled: true });
    const page = await t.json<KeyList>('/api-key/list?limit=1&offset=1&sortBy=name&sortDirection=asc');
    expect(page.data).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.data.apiKeys.map((k) => k.name)).toEqual(['b']);
    expect((await t.json<KeyList>('/api-key/list?configId=other')).data).toEqual({ apiKeys: [], total: 0 });
    expect((await t.json<KeyList>('/api-key/list?configId=default')).data.total).toBe(3);
    for (const q of ['limit=-1', 'offset=x', 'sortBy=key', 'sortDirection=up']) expect((await t.json(`/api-key/list?${q}`)).status, q).toBe(400);
  });
});

describe('api keys: x-api-key authenticates as its user', () => {
  it('get-session, list-sessions and routes that need a session answer for the key’s user; no cookie is set', async () => {
    const t = await open();
    const { data, email } = await t.signUp({ name: 'Ada' });
    const userId = (data.user as { id: string }).id;
    const { key, id } = (await create(t, { name: 'bot' })).data;
    const s = await withKey(t, key);
    expect(s.status).toBe(200);
    expect(s.data).toMatchObject({ user: { id: userId, email, name: 'Ada' }, session: { id, userId } });
    expect(s.response.headers.getSetCookie()).toEqual([]);
    expect((await withKey(t, key, '/api-key/list')).data?.apiKeys).toHaveLength(1);
    const updated = await withKey(t, key, '/update-user', { body: { name: 'Ada L.' } });
    expect(updated.status).toBe(200);
    expect((await t.json<{ user: { name: string } }>('/get-session')).data.user.name).toBe('Ada L.');
    expect((await withKey(t, key, '/list-sessions')).status).toBe(200);
    const used = (await t.json<ApiKey>(`/api-key/get?id=${id}`)).data;
    expect(used.lastRequest).toBe(new Date(t.clock.ms).toISOString());
    expect(used.requestCount).toBe(4);
  });

  it('auth.api calls carrying the header are the key’s user’s too', async () => {
    const t = await open();
    const { data } = await t.signUp();
    const { key } = (await create(t)).data;
    const s = await t.auth.api.getSession({ headers: { 'x-api-key': key } });
    expect(s?.user.id).toBe((data.user as { id: string }).id);
    await expect(t.auth.api.listApiKeys({ headers: { 'x-api-key': 'wrong' } })).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('the fast lane hands x-api-key requests on, also straight from the lane', async () => {
    const t = await open();
    await t.signUp();
    const { key } = (await create(t)).data;
    const lane = await t.auth.fastLane();
    expect(lane.answer({ target: '/api/auth/get-session', header: (n) => (n === 'x-api-key' ? key : null), ip: null })).toBeUndefined();
    expect(lane.answer({ target: '/api/auth/list-sessions', header: (n) => (n === 'x-api-key' ? 'bad' : null), ip: null })).toBeUndefined();
  });

  it('a key header wins over cookies, and a bad key is refused, never taken as signed out or as the cookie’s user', async () => {
    const t = await open();
    await t.signUp();
    const r = await t.json('/get-session', { headers: { 'x-api-key': 'not-a-key' } });
    expect([r.status, r.data]).toEqual([401, { code: 'INVALID_API_KEY', message: 'Invalid API key.' }]);
    const other = t.newJar();
    const { data } = await t.signUp({}, other);
    const theirs = (await create(t, {}, other)).data.key;
    const s = await t.json<{ user: { id: string } }>('/get-session', { headers: { 'x-api-key': theirs } });
    expect(s.data.user.id).toBe((data.user as { id: string }).id);
  });

  it('a route that changes a way in refuses a key, fresh or not (person-only.test.ts has them all)', async () => {
    const t = await open();
    await t.signUp();
    const { key } = (await create(t)).data;
    for (const advance of [0, 2 * 86_400]) {
      t.clock.advance(advance);
      const r = await withKey(t, key, '/unlink-account', { body: { providerId: 'credential' } });
      expect([r.status, (r.data as { code: string }).code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    }
  });
});

describe('api keys: security', () => {
  it('refuses expired, disabled and deleted keys', async () => {
    const t = await open();
    await t.signUp();
    const expiring = (await create(t, { expiresIn: 86_400 })).data;
    const disabled = (await create(t)).data;
    const deleted = (await create(t)).data;
    await t.json('/api-key/update', { body: { keyId: disabled.id, enabled: false } });
    await t.json('/api-key/delete', { body: { keyId: deleted.id } });
    expect((await withKey(t, expiring.key)).status).toBe(200);
    t.clock.advance(86_400);
    const refusals = await Promise.all([withKey(t, expiring.key), withKey(t, disabled.key), withKey(t, deleted.key)]);
    expect(refusals.map((r) => [r.status, r.data])).toEqual([
      [401, { code: 'KEY_EXPIRED', message: 'API Key has expired' }],
      [401, { code: 'KEY_DISABLED', message: 'API Key is disabled' }],
      [401, { code: 'INVALID_API_KEY', message: 'Invalid API key.' }],
    ]);
    // Turned on again, the disabled one works.
    await t.json('/api-key/update', { body: { keyId: disabled.id, enabled: true } });
    expect((await withKey(t, disabled.key)).status).toBe(200);
  });

  it('a key differing in one character, or the stored hash presented as a key, is refused', async () => {
    const t = await open();
    await t.signUp();
    const { key } = (await create(t)).data;
    const flipped = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    expect((await withKey(t, flipped)).status).toBe(401);
    expect((await withKey(t, hashToken(key))).status).toBe(401);
  });

  it('limits each key on its own: maxRequests per timeWindow, then 429 RATE_LIMITED until the window passes', async () => {
    const t = await open({ rateLimit: { maxRequests: 3, timeWindow: 10_000 } });
    await t.signUp();
    const a = (await create(t)).data.key;
    const b = (await create(t)).data.key;
    for (let i = 0; i < 3; i++) expect((await withKey(t, a)).status).toBe(200);
    const refused = await withKey(t, a);
    expect([refused.status, refused.data]).toEqual([429, { code: 'RATE_LIMITED', message: 'Rate limit exceeded.' }]);
    expect(refused.response.headers.get('retry-after')).toBe('10');
    t.clock.advance(4);
    expect((await withKey(t, a)).response.headers.get('retry-after')).toBe('6');
    expect((await withKey(t, b)).status).toBe(200);
    t.clock.advance(10);
    expect((await withKey(t, a)).status).toBe(200);
  });

  it('concurrent uses cannot slip past the limit', async () => {
    const t = await open({ rateLimit: { maxRequests: 5, timeWindow: 60_000 } });
    await t.signUp();
    const { key } = (await create(t)).data;
    const answers = await Promise.all(Array.from({ length: 12 }, () => withKey(t, key)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(true);
  });

  it('a key without a rate limit is not counted against one', async () => {
    const t = await open({ rateLimit: { enabled: false, maxRequests: 1 } });
    await t.signUp();
    const { key } = (await create(t)).data;
    for (let i = 0; i < 4; i++) expect((await withKey(t, key)).status).toBe(200);
  });

  it('the keys of a banned user do not work; a ban that expired lets them work again', async () => {
    const t = await open({}, { admin: { adminUserIds: [] } });
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const { key } = (await create(t)).data;
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: userId }], { banned: true, banExpires: new Date(t.clock.ms + 3600_000) });
    const r = await withKey(t, key);
    expect([r.status, r.data]).toEqual([403, { code: 'BANNED_USER', message: 'You have been banned from this application' }]);
    t.clock.advance(3600);
    expect((await withKey(t, key)).status).toBe(200);
  });

  it('a key dies with its user (deleted user: the key row goes too)', async () => {
    const t = await open();
    const { data } = await t.signUp();
    const { key } = (await create(t)).data;
    const ctx = await t.auth.context();
    await ctx.adapter.delete('user', [{ field: 'id', value: (data.user as { id: string }).id }]);
    expect((await withKey(t, key)).status).toBe(401);
    expect(await ctx.adapter.count('apikey', [])).toBe(0);
  });
});

describe('api keys: verifyApiKey (server only)', () => {
  it('is not reachable over HTTP', async () => {
    const t = await open();
    expect((await t.json('/api-key/verify', { body: { key: 'x' } })).status).toBe(404);
  });

  it('says whether a key is good and holds the permissions asked for', async () => {
    const t = await open();
    const { data } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    const made = await t.auth.api.createApiKey({ body: { userId, permissions: { files: ['read', 'write'], users: ['read'] } } });
    const ok = await t.auth.api.verifyApiKey({ body: { key: made.key, permissions: { files: ['write'], users: ['read'] } } });
    expect(ok).toMatchObject({ valid: true, error: null, key: { id: made.id, userId } });
    expect(ok.key).not.toHaveProperty('key');
    const lacking = await t.auth.api.verifyApiKey({ body: { key: made.key, permissions: { users: ['delete'] } } });
    expect(lacking).toMatchObject({ valid: false, error: { code: 'INSUFFICIENT_PERMISSIONS' } });
    const bad = await t.auth.api.verifyApiKey({ body: { key: 'nope' } });
    expect(bad).toEqual({ valid: false, error: { code: 'INVALID_API_KEY', message: 'Invalid API key.' }, key: null });
    const plain = (await create(t)).data;
    expect((await t.auth.api.verifyApiKey({ body: { key: plain.key, permissions: { files: ['read'] } } })).valid).toBe(false);
    expect((await t.auth.api.verifyApiKey({ body: { key: plain.key } })).valid).toBe(true);
  });
});
