import { describe, expect, it } from 'vitest';
import type { Row } from '../db/types.js';
import { useTestClients, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

async function events(type: string): Promise<Row[]> {
  return (await t.auth.context()).adapter.findMany('auditEvent', { where: [{ field: 'type', value: type }] });
}

describe('the audit trail records who did what to whom', () => {
  it('password change, session revocation and sign-out', async () => {
    t = await clients.open();
    const { data, password } = await t.signUp();
    const userId = (data.user as { id: string }).id;
    await t.json('/change-password', { body: { currentPassword: password, newPassword: 'another password', revokeOtherSessions: true } });
    await t.json('/revoke-other-sessions', { method: 'POST' });
    await t.json('/sign-out', { method: 'POST' });
    expect(await events('password.change')).toMatchObject([{ userId, actorId: userId, details: { revokeOtherSessions: true } }]);
    expect(await events('session.revoke')).toMatchObject([{ userId, details: { scope: 'others' } }]);
    expect(await events('sign-out')).toMatchObject([{ userId }]);
  });

  it('admin actions name the admin as actor and the user as subject', async () => {
    t = await clients.open();
    const admin = await t.signUp();
    const adminId = (admin.data.user as { id: string }).id;
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'id', value: adminId }], { role: 'admin' });
    const victim = await t.signUp({}, t.newJar());
    const victimId = (victim.data.user as { id: string }).id;
    expect((await t.json('/admin/ban-user', { body: { userId: victimId, banReason: 'spam' } })).status).toBe(200);
    expect((await t.json('/admin/unban-user', { body: { userId: victimId } })).status).toBe(200);
    expect((await t.json('/admin/set-role', { body: { userId: victimId, role: 'support' } })).status).toBe(200);
    expect(await events('user.ban')).toMatchObject([{ userId: victimId, actorId: adminId, details: { banReason: 'spam' } }]);
    expect(await events('user.unban')).toMatchObject([{ userId: victimId, actorId: adminId }]);
    expect(await events('user.role')).toMatchObject([{ userId: victimId, actorId: adminId, details: { from: 'user', to: 'support' } }]);
  });
});
