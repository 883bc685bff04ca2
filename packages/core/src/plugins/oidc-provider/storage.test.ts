import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test/harness.js';
import { ModelStore, revokeGrants } from './storage.js';

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
