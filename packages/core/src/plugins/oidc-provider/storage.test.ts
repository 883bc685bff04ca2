import { describe, expect, it, vi } from 'vitest';
import { type SecondaryStorage, useTestClients } from '../../test-kit.js';
import { secondaryProviderStorage } from './secondary-storage.js';
import { databaseProviderStorage, ModelStore, revokeGrants } from './storage.js';

const clients = useTestClients();

/** oidc-provider's storage on Gatehouse's database (every dialect with TEST_DIALECT). */
describe('oidcProvider storage (oidcModel)', () => {
  it('upserts, finds by id, uid and user code, consumes, expires and revokes by grant', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const auth = await t.auth.context();
    const codes = new ModelStore(auth, 'AuthorizationCode');
    const sessions = new ModelStore(auth, 'Session');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'u1', clientId: 'app' } as never, 60);
    await codes.upsert('c1', { grantId: 'g1', accountId: 'u1', clientId: 'app', scope: 'openid' } as never, 60);
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', scope: 'openid' });
    // Another model's rows are apart, even with the same id.
    expect(await sessions.find('c1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'uid-1', accountId: 'u1' } as never, 60);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'u1' });
    const device = new ModelStore(auth, 'DeviceCode');
    await device.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g1' } as never, 60);
    expect(await device.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });

    await codes.consume('c1');
    expect(((await codes.find('c1')) as { consumed?: number }).consumed).toBeTypeOf('number');

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await device.findByUserCode('ABCD-EFGH')).toBeUndefined();
    expect(await sessions.findByUid('uid-1')).toBeDefined();

    await sessions.destroy('s1');
    expect(await sessions.findByUid('uid-1')).toBeUndefined();

    await codes.upsert('c2', { grantId: 'g2' } as never, 60);
    t.clock.advance(61);
    expect(await codes.find('c2')).toBeUndefined();
  });

  it('writes the new rows saved in one turn in one statement; a row saved again is updated, alone', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const auth = await t.auth.context();
    const storage = databaseProviderStorage(auth);
    const tokens = storage.model('ClientCredentials');
    const many = vi.spyOn(auth.adapter, 'createMany');
    const one = vi.spyOn(auth.adapter, 'create');
    await Promise.all(Array.from({ length: 20 }, (_, i) => tokens.upsert(`t${i}`, { clientId: 'robot', n: i } as never, 600)));
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]![1]).toHaveLength(20);
    expect(one).not.toHaveBeenCalled();
    for (let i = 0; i < 20; i++) expect(await tokens.find(`t${i}`)).toMatchObject({ clientId: 'robot', n: i });
    many.mockRestore();
    one.mockRestore();

    // One row of the turn exists already (and one is saved twice in it): the batch is rolled back
    // and each row written alone, so every save lands, the later of two the last.
    const access = storage.model('AccessToken');
    await access.upsert('a1', { accountId: 'u1', n: 0 } as never, 600);
    await Promise.all([
      access.upsert('a2', { accountId: 'u2', n: 1 } as never, 600),
      access.upsert('a1', { accountId: 'u1', n: 2 } as never, 600),
      access.upsert('a3', { accountId: 'u3', n: 3 } as never, 600),
      access.upsert('a3', { accountId: 'u3', n: 4 } as never, 600),
    ]);
    expect(await access.find('a1')).toMatchObject({ n: 2 });
    expect(await access.find('a2')).toMatchObject({ n: 1 });
    expect(await access.find('a3')).toMatchObject({ n: 4 });
    expect(await auth.adapter.count('oidcModel', [{ field: 'model', value: 'AccessToken' }])).toBe(3);

    // A session is saved again at every authorization: updated, outside the batch, which its row
    // would fail (every row of the turn then inserted again alone).
    const sessions = storage.model('Session');
    await sessions.upsert('s1', { uid: 'one', n: 0 } as never, 600);
    const batched = vi.spyOn(auth.adapter, 'createMany');
    const alone = vi.spyOn(auth.adapter, 'insert');
    await Promise.all([
      sessions.upsert('s1', { uid: 'one', n: 1 } as never, 600),
      access.upsert('b1', { accountId: 'u1' } as never, 600),
      access.upsert('b2', { accountId: 'u1' } as never, 600),
    ]);
    expect(batched).toHaveBeenCalledTimes(1);
    expect(batched.mock.calls[0]![1]).toHaveLength(2);
    expect(alone).not.toHaveBeenCalled();
    expect(await sessions.find('s1')).toMatchObject({ n: 1 });
    expect(await sessions.findByUid('one')).toMatchObject({ n: 1 });
    // A session's first save inserts it; two first saves at once leave one row.
    await Promise.all([sessions.upsert('s2', { uid: 'two', n: 5 } as never, 600), sessions.upsert('s2', { uid: 'two', n: 5 } as never, 600)]);
    expect(await sessions.find('s2')).toMatchObject({ n: 5 });
    expect(await auth.adapter.count('oidcModel', [{ field: 'model', value: 'Session' }])).toBe(2);
  });

  it('reads by id asked for in one turn with one query on a database across a connection; each read gets its own row, as it is after it was asked', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const auth = await t.auth.context();
    const tokens = databaseProviderStorage(auth).model('AccessToken');
    await Promise.all(Array.from({ length: 10 }, (_, i) => tokens.upsert(`a${i}`, { clientId: 'robot', n: i, claims: { x: i } } as never, 600)));
    const queries = vi.spyOn(auth.adapter, 'findMany');
    const ids = ['a3', 'missing', ...Array.from({ length: 10 }, (_, i) => `a${i}`), 'a3'];
    const found = await Promise.all(ids.map((id) => tokens.find(id)));
    // SQLite answers each read at once; PostgreSQL and MySQL gather the turn's reads into one.
    expect(queries).toHaveBeenCalledTimes(auth.adapter.caps.name === 'sqlite' ? 0 : 1);
    expect(found.map((p) => (p as { n?: number } | undefined)?.n)).toEqual([3, undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 3]);
    // The same token read three times in a turn: equal rows, none shared.
    expect(found[0]).toEqual(found[12]);
    expect(found[0]).not.toBe(found[12]);
    expect(found[0]).not.toBe(found[5]);
    expect((found[0] as { claims: object }).claims).not.toBe((found[12] as { claims: object }).claims);
    // A read asked for after a write sees it; an expired row is none; a failed query fails each of its reads.
    await tokens.upsert('a3', { clientId: 'robot', n: 33 } as never, 600);
    await tokens.destroy('a4');
    const again = await Promise.all([tokens.find('a3'), tokens.find('a4'), tokens.find('a5')]);
    expect(again.map((p) => (p as { n?: number } | undefined)?.n)).toEqual([33, undefined, 5]);
    t.clock.advance(601);
    expect(await Promise.all([tokens.find('a5'), tokens.find('a6')])).toEqual([undefined, undefined]);
    if (auth.adapter.caps.name !== 'sqlite') {
      queries.mockRejectedValueOnce(new Error('connection lost'));
      await tokens.upsert('b1', { n: 1 } as never, 600);
      await tokens.upsert('b2', { n: 2 } as never, 600);
      const settled = await Promise.allSettled([tokens.find('b1'), tokens.find('b2')]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
      expect(await Promise.all([tokens.find('b1'), tokens.find('b2')])).toMatchObject([{ n: 1 }, { n: 2 }]);
    }
    queries.mockRestore();
  });

  it('revokes the grants of a person to one application with their tokens, and sweeps expired rows', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const auth = await t.auth.context();
    const grants = new ModelStore(auth, 'Grant');
    const refresh = new ModelStore(auth, 'RefreshToken');
    await grants.upsert('g1', { accountId: 'u1', clientId: 'a' } as never, 600);
    await grants.upsert('g2', { accountId: 'u1', clientId: 'b' } as never, 600);
    await refresh.upsert('r1', { grantId: 'g1', accountId: 'u1', clientId: 'a' } as never, 600);
    await refresh.upsert('r2', { grantId: 'g2', accountId: 'u1', clientId: 'b' } as never, 600);
    await revokeGrants(auth, 'u1', 'a');
    expect(await grants.find('g1')).toBeUndefined();
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeDefined();

    // A short-lived row nobody reads again is deleted by a later write, after an hour.
    await refresh.upsert('old', { grantId: 'g9' } as never, 10);
    t.clock.advance(3601);
    await refresh.upsert('new', { grantId: 'g9' } as never, 600);
    expect(await auth.adapter.findOne('oidcModel', [{ field: 'id', value: 'RefreshToken:old' }])).toBeNull();
  });
});

/** The same contract on the secondary storage, here an in-memory one with a clock of the test's. */
describe('oidcProvider storage (secondary storage)', () => {
  function memoryStorage(now: () => number): SecondaryStorage {
    const map = new Map<string, { value: string; until: number | null }>();
    return {
      async get(key) {
        const e = map.get(key);
        return e && (e.until === null || e.until > now()) ? e.value : null;
      },
      async set(key, value, ttl) {
        map.set(key, { value, until: ttl ? now() + ttl * 1000 : null });
      },
      async delete(key) {
        map.delete(key);
      },
    };
  }

  it('upserts, finds by id, uid and user code, consumes, expires, revokes by grant and by consent', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true } });
    const auth = await t.auth.context();
    const storage = secondaryProviderStorage(memoryStorage(t.clock.now), auth, 3600);
    const codes = storage.model('AuthorizationCode');
    const sessions = storage.model('Session');
    const grants = storage.model('Grant');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'u1', clientId: 'app', scope: 'openid' } as never, 60);
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', scope: 'openid' });
    expect(await sessions.find('c1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'uid-1', accountId: 'u1' } as never, 60);
    expect(await sessions.findByUid!('uid-1')).toMatchObject({ accountId: 'u1' });
    const device = storage.model('DeviceCode');
    await device.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g1' } as never, 60);
    expect(await device.findByUserCode!('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });

    await codes.consume('c1');
    expect(((await codes.find('c1')) as { consumed?: number }).consumed).toBeTypeOf('number');
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await device.findByUserCode!('ABCD-EFGH')).toBeUndefined();
    expect(await sessions.findByUid!('uid-1')).toBeDefined();
    await sessions.destroy('s1');
    expect(await sessions.findByUid!('uid-1')).toBeUndefined();

    await codes.upsert('c2', { grantId: 'g2' } as never, 60);
    t.clock.advance(61);
    expect(await codes.find('c2')).toBeUndefined();

    // A consent revoked: the person's grants to that app written before it are gone, others stay; later grants count.
    await grants.upsert('ga', { accountId: 'u1', clientId: 'a' } as never, 600);
    await grants.upsert('gb', { accountId: 'u1', clientId: 'b' } as never, 600);
    t.clock.advance(1);
    await storage.revokeGrants('u1', 'a');
    expect(await grants.find('ga')).toBeUndefined();
    expect(await grants.find('gb')).toBeDefined();
    t.clock.advance(1);
    await grants.upsert('ga2', { accountId: 'u1', clientId: 'a' } as never, 600);
    expect(await grants.find('ga2')).toBeDefined();
  });
});
