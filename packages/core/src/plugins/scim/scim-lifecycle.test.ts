import { describe, expect, it } from 'vitest';
import { type GatehouseOptions, useTestClients } from '../../test-kit.js';
import { PATCH, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();

/** A provisioned person with a password and a live session. */
async function provisioned(options: GatehouseOptions = {}) {
  const k = await scimSetup(clients, options);
  const { token, organizationId } = await k.tenant();
  const u = await k.createUser(token, { userName: 'dana@example.com', name: { givenName: 'Dana', familyName: 'Scully' } });
  const userId = await k.userIdOf(u.id);
  const password = await k.setPassword('dana@example.com');
  const jar = k.t.newJar();
  expect((await k.signIn('dana@example.com', password, jar)).status).toBe(200);
  const session = async () => (await k.t.json('/get-session', { jar })).data;
  expect(await session()).not.toBeNull();
  return { k, token, organizationId, u, userId, password, jar, session };
}

describe.each([
  ['with the admin plugin', {}],
  ['without the admin plugin', { admin: { enabled: false } }],
] as const)('scim: deprovisioning %s', (_name, options) => {
  it('active:false by PATCH (Entra casing): sessions end, sign-in 403 BANNED_USER, no longer a member; active:true undoes all three', async () => {
    const { k, token, organizationId, u, userId, password, session } = await provisioned(options);
    const off = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status, JSON.stringify(off.data)).toBe(200);
    expect(off.data.active).toBe(false);
    expect(await session()).toBeNull();
    expect(await k.ctx.adapter.count('session', [{ field: 'userId', value: userId }])).toBe(0);
    const refused = await k.signIn('dana@example.com', password);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'BANNED_USER', message: 'You have been banned from this application' });
    expect(await k.memberRole(organizationId, userId)).toBeNull();
    expect((await k.scim(token, 'GET', `/Users/${u.id}`)).data.active).toBe(false);
    const on = await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.data.active).toBe(true);
    expect((await k.signIn('dana@example.com', password)).status).toBe(200);
    expect(await k.memberRole(organizationId, userId)).toBe('member');
    const types = (await k.ctx.adapter.findMany<{ type: string }>('auditEvent', {})).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['scim.user.created', 'scim.user.deactivated', 'scim.user.reactivated']));
  });

  it('active:false by PUT does the same', async () => {
    const { k, token, organizationId, u, userId, password, session } = await provisioned(options);
    const r = await k.scim(token, 'PUT', `/Users/${u.id}`, { schemas: [USER], userName: 'dana@example.com', active: false });
    expect(r.status).toBe(200);
    expect(await session()).toBeNull();
    expect((await k.signIn('dana@example.com', password)).status).toBe(403);
    expect(await k.memberRole(organizationId, userId)).toBeNull();
  });

  it('DELETE → 204 empty; then GET/PUT/PATCH/DELETE 404; sessions end, sign-in refused, no longer a member; the account is kept', async () => {
    const { k, token, organizationId, u, userId, password, session } = await provisioned(options);
    const d = await k.scim(token, 'DELETE', `/Users/${u.id}`);
    expect(d.status).toBe(204);
    expect(d.data).toBeNull();
    expect((await k.scim(token, 'GET', `/Users/${u.id}`)).status).toBe(404);
    expect((await k.scim(token, 'PUT', `/Users/${u.id}`, { schemas: [USER], userName: 'dana@example.com' })).status).toBe(404);
    expect((await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] })).status).toBe(
      404,
    );
    expect((await k.scim(token, 'DELETE', `/Users/${u.id}`)).status).toBe(404);
    expect((await k.scim(token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "dana@example.com"')}`)).data.totalResults).toBe(0);
    expect(await session()).toBeNull();
    expect([401, 403]).toContain((await k.signIn('dana@example.com', password)).status);
    expect(await k.memberRole(organizationId, userId)).toBeNull();
    expect(await k.ctx.adapter.findOne('user', [{ field: 'id', value: userId }])).not.toBeNull();
    expect(await k.ctx.adapter.count('auditEvent', [{ field: 'type', value: 'scim.user.deleted' }])).toBe(1);
  });

  it('after DELETE the same connection may create the address again: the account comes back, active', async () => {
    const { k, token, organizationId, u, userId, password } = await provisioned(options);
    await k.scim(token, 'DELETE', `/Users/${u.id}`);
    const again = await k.createUser(token, { userName: 'dana@example.com' });
    expect(again.id).not.toBe(u.id);
    expect(await k.userIdOf(again.id)).toBe(userId);
    expect((await k.signIn('dana@example.com', password)).status).toBe(200);
    expect(await k.memberRole(organizationId, userId)).toBe('member');
  });
});

describe('scim: deprovisioning and the admin plugin', () => {
  it("marks the admin ban (API keys and the console see it) and lifts only its own ban, never an admin's", async () => {
    const { k, token, u, userId } = await provisioned();
    await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(await k.ctx.adapter.findOne('user', [{ field: 'id', value: userId }])).toMatchObject({ banned: true });
    await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect(await k.ctx.adapter.findOne('user', [{ field: 'id', value: userId }])).toMatchObject({ banned: false });
    await k.ctx.adapter.update('user', [{ field: 'id', value: userId }], { banned: true, banReason: 'spam' });
    await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] });
    await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect(await k.ctx.adapter.findOne('user', [{ field: 'id', value: userId }])).toMatchObject({ banned: true, banReason: 'spam' });
  });

  it('a user created inactive is no member and cannot sign in', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant();
    const u = await k.createUser(token, { userName: 'sleepy@example.com', active: false });
    expect(u.active).toBe(false);
    expect(await k.memberRole(organizationId, await k.userIdOf(u.id))).toBeNull();
    const password = await k.setPassword('sleepy@example.com');
    expect((await k.signIn('sleepy@example.com', password)).status).toBe(403);
  });
});
