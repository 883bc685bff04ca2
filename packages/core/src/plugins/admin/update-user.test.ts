import { describe, expect, it } from 'vitest';
import { type CookieJar, useTestClients } from '../../test-kit.js';
import { ADMIN_ERRORS } from './errors.js';

// POST /admin/update-user: how the console lets a user it created in (mark the address verified).

const PASSWORD = 'correct horse battery';
const clients = useTestClients();

async function setup() {
  const t = await clients.open({ emailAndPassword: { enabled: true, requireEmailVerification: true } });
  const ctx = await t.auth.context();
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  type Data = any;
  const admin = t.newJar();
  const { data } = await t.signUp({ name: 'Root', email: 'root@example.com', password: PASSWORD }, admin);
  const adminId = (data.user as { id: string }).id;
  await ctx.adapter.update('user', [{ field: 'id', value: adminId }], { role: 'admin', emailVerified: true });
  const signIn = (email: string, jar: CookieJar = t.newJar()) => t.json<Data>('/sign-in/email', { body: { email, password: PASSWORD }, jar });
  expect((await signIn('root@example.com', admin)).status).toBe(200);
  const post = (path: string, body: unknown, jar: CookieJar | null = admin) => t.json<Data>(`/admin${path}`, { body, jar });
  return { t, admin, post, signIn };
}

describe('admin: update-user', () => {
  it('marks a created user verified, after which their first sign-in succeeds', async () => {
    const { t, admin, post, signIn } = await setup();
    const created = await post('/create-user', { name: 'Quentin', email: 'quentin@example.com', password: PASSWORD });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const id = created.data.user.id as string;
    const refused = await signIn('quentin@example.com');
    expect(refused.status).toBe(403);
    expect(refused.data.code).toBe('EMAIL_NOT_VERIFIED');

    const res = await post('/update-user', { userId: id, data: { emailVerified: true } });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ id, email: 'quentin@example.com', emailVerified: true, name: 'Quentin' });
    expect((await signIn('quentin@example.com')).status).toBe(200);

    const audit = await t.json<{ events: { type: string; details: unknown }[] }>(`/admin/list-audit-events?type=user.update&userId=${id}`, { jar: admin });
    expect(audit.data.events.map((e) => [e.type, e.details])).toEqual([['user.update', { fields: ['emailVerified'] }]]);
  });

  it('changes input fields through their validators, and refuses fields that have routes of their own, unknown fields and no data', async () => {
    const { post } = await setup();
    const id = (await post('/create-user', { name: 'Rita', email: 'rita@example.com', password: PASSWORD })).data.user.id as string;
    const renamed = await post('/update-user', { userId: id, data: { name: 'Rita R.' } });
    expect(renamed.status, JSON.stringify(renamed.data)).toBe(200);
    expect(renamed.data.name).toBe('Rita R.');

    for (const data of [
      { role: 'admin' },
      { email: 'x@example.com' },
      { banned: true },
      { password: 'new-secret-123' },
      { nope: 1 },
      {},
      { emailVerified: 'yes' },
      { emailVerified: null },
    ]) {
      const res = await post('/update-user', { userId: id, data });
      expect(res.status, JSON.stringify([data, res.data])).toBe(400);
      expect(res.data.code).toBe('VALIDATION_ERROR');
    }
    const after = (await post('/update-user', { userId: id, data: { image: null } })).data;
    expect(after).toMatchObject({ role: 'user', email: 'rita@example.com', banned: false, emailVerified: false });
  });

  it('is for admins only, and says when the user does not exist', async () => {
    const { t, post } = await setup();
    expect((await post('/update-user', { userId: 'x', data: { emailVerified: true } }, null)).status).toBe(401);
    const jar = t.newJar();
    await t.signUp({ name: 'Plain', email: 'plain@example.com', password: PASSWORD }, jar);
    const ctx = await t.auth.context();
    await ctx.adapter.update('user', [{ field: 'email', value: 'plain@example.com' }], { emailVerified: true });
    const plainIn = await t.json('/sign-in/email', { body: { email: 'plain@example.com', password: PASSWORD }, jar });
    expect(plainIn.status).toBe(200);
    const forbidden = await post('/update-user', { userId: 'x', data: { emailVerified: true } }, jar);
    expect(forbidden.status).toBe(403);
    expect(forbidden.data).toEqual({ code: 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT', message: ADMIN_ERRORS.ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT });
    const missing = await post('/update-user', { userId: 'no-such-user', data: { emailVerified: true } });
    expect(missing.status).toBe(404);
    expect(missing.data.code).toBe('USER_NOT_FOUND');
  });
});
