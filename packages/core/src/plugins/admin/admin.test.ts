import { describe, expect, it } from 'vitest';
import { type CookieJar, type GatehouseOptions, sessionTokenKey, useTestClients } from '../../test-kit.js';
import { ADMIN_ERRORS } from './errors.js';

// Everything over HTTP through the test harness, as a browser would.
const PASSWORD = 'correct horse battery';

interface Person {
  jar: CookieJar;
  email: string;
  id: string;
  token: string;
}

async function setup(options: GatehouseOptions = {}) {
  const t = await clients.open(options);
  const ctx = await t.auth.context();
  const person = async (name: string): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}@example.com`;
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id, token: data.token as string };
  };
  const makeAdmin = async (name = 'root') => {
    const p = await person(name);
    await ctx.adapter.update('user', [{ field: 'id', value: p.id }], { role: 'admin' });
    return p;
  };
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  type Data = any;
  const post = (who: Person | null, path: string, body: unknown = {}) => t.json<Data>(`/admin${path}`, { body, jar: who ? who.jar : null });
  const get = (who: Person | null, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    return t.json<Data>(`/admin${path}${qs ? `?${qs}` : ''}`, { jar: who ? who.jar : null });
  };
  const signIn = (email: string, jar = t.newJar(), password = PASSWORD) => t.json<Data>('/sign-in/email', { body: { email, password }, jar });
  const whoami = async (jar: CookieJar) => (await t.json<Data>('/get-session', { jar })).data;
  return { t, ctx, person, makeAdmin, post, get, signIn, whoami };
}

function expectAdminError(res: { status: number; data: unknown }, status: number, code: keyof typeof ADMIN_ERRORS): void {
  expect(res.status, JSON.stringify(res.data)).toBe(status);
  expect(res.data).toEqual({ code, message: ADMIN_ERRORS[code] });
}

function expectUserNotFound(res: { status: number; data: unknown }): void {
  expect(res.status, JSON.stringify(res.data)).toBe(404);
  expect(res.data).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
}

let env: Awaited<ReturnType<typeof setup>> | undefined;
const clients = useTestClients();

const ADMIN_ROUTES: [string, 'GET' | 'POST'][] = [
  ['/set-role', 'POST'],
  ['/create-user', 'POST'],
  ['/list-users', 'GET'],
  ['/list-user-sessions', 'POST'],
  ['/unban-user', 'POST'],
  ['/ban-user', 'POST'],
  ['/impersonate-user', 'POST'],
  ['/revoke-user-session', 'POST'],
  ['/revoke-user-sessions', 'POST'],
  ['/remove-user', 'POST'],
  ['/set-user-password', 'POST'],
  ['/list-audit-events', 'GET'],
  ['/stats', 'GET'],
];

describe('admin: fields and access', () => {
  it('gives users the default role, unbanned, and never takes a role from sign-up', async () => {
    env = await setup();
    const { t, whoami } = env;
    const jar = t.newJar();
    const { data } = await t.signUp({ name: 'Mallory', email: 'mallory@example.com', role: 'admin', banned: true }, jar);
    expect(data.user).toMatchObject({ role: 'user', banned: false });
    expect((await whoami(jar)).user).toMatchObject({ role: 'user', banned: false, banReason: null });
  });

  it('answers 401 without a session and 403 to a non-admin, on every admin route', async () => {
    env = await setup();
    const { t, person } = env;
    const bob = await person('bob');
    const valid: Record<string, unknown> = {
      userId: bob.id,
      role: 'admin',
      email: 'x@example.com',
      password: PASSWORD,
      name: 'X',
      sessionToken: 'x',
      newPassword: PASSWORD,
    };
    for (const [path, method] of ADMIN_ROUTES) {
      const init = method === 'GET' ? { method } : { body: valid };
      const anonymous = await t.json(`/admin${path}`, { ...init, jar: null });
      expect(anonymous.status, path).toBe(401);
      const res = await t.json(`/admin${path}`, { ...init, jar: bob.jar });
      expect(res.status, path).toBe(403);
      expect(res.data, path).toEqual({ code: 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT', message: 'Only admins can access this endpoint' });
    }
    expect((await t.json('/admin/stop-impersonating', { method: 'POST', jar: null })).status).toBe(401);
    // Nothing was changed by the refused calls.
    expect((await env.ctx.adapter.findOne('user', [{ field: 'id', value: bob.id }]))?.role).toBe('user');
  });

  it('recognises comma-separated roles, custom adminRoles and adminUserIds', async () => {
    env = await setup({ admin: { adminRoles: ['superuser'], adminUserIds: ['user-fixed-id'] } });
    const { person, get, ctx, signIn, t } = env;
    const carol = await person('carol');
    await ctx.adapter.update('user', [{ field: 'id', value: carol.id }], { role: 'editor, superuser' });
    expect((await get(carol, '/list-users')).status).toBe(200);
    // 'admin' is not an admin role here.
    await ctx.adapter.update('user', [{ field: 'id', value: carol.id }], { role: 'admin' });
    expectAdminError(await get(carol, '/list-users'), 403, 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
    // A user listed by id is an admin whatever its role.
    await ctx.adapter.create('user', { id: 'user-fixed-id', name: 'Fixed', email: 'fixed@example.com', emailVerified: false });
    await ctx.adapter.create('account', {
      userId: 'user-fixed-id',
      providerId: 'credential',
      accountId: 'user-fixed-id',
      password: await ctx.password.hash(PASSWORD),
    });
    const jar = t.newJar();
    expect((await signIn('fixed@example.com', jar)).status).toBe(200);
    expect((await t.json('/admin/list-users', { jar })).status).toBe(200);
  });
});

describe('admin: has-permission', () => {
  it('answers { error: null, success } about the caller: an admin holds the admin statements, a user none', async () => {
    env = await setup();
    const { person, makeAdmin, post } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const ask = (who: Person, permissions: unknown, extra: Record<string, unknown> = {}) => post(who, '/has-permission', { permissions, ...extra });
    expect(await ask(root, { user: ['ban', 'set-role'], session: ['revoke'] })).toMatchObject({ status: 200, data: { error: null, success: true } });
    // Impersonating admins needs allowImpersonatingAdmins; unknown resources and actions are never held.
    expect((await ask(root, { user: ['impersonate-admins'] })).data).toEqual({ error: null, success: false });
    expect((await ask(root, { user: ['fly'] })).data).toEqual({ error: null, success: false });
    expect((await ask(root, { billing: ['read'] })).data).toEqual({ error: null, success: false });
    expect((await ask(bob, { user: ['list'] })).data).toEqual({ error: null, success: false });
    // userId and role do not make a plain user speak for an admin (better-auth over HTTP does the same).
    expect((await ask(bob, { user: ['list'] }, { userId: root.id, role: 'admin' })).data).toEqual({ error: null, success: false });
  });

  it('grants impersonate-admins with allowImpersonatingAdmins; 401 signed out; 400 without permissions', async () => {
    env = await setup({ admin: { allowImpersonatingAdmins: true } });
    const { makeAdmin, post } = env;
    const root = await makeAdmin();
    expect((await post(root, '/has-permission', { permissions: { user: ['impersonate-admins'] } })).data).toEqual({ error: null, success: true });
    expect((await post(null, '/has-permission', { permissions: { user: ['list'] } })).status).toBe(401);
    for (const body of [{}, { permissions: {} }, { permissions: { user: [] } }, { permissions: 'user:list' }]) {
      const res = await post(root, '/has-permission', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.data.message).toBe('string');
    }
  });
});

describe('admin: get-user', () => {
  it('answers the user itself (better-auth 1.7’s admin.getUser); 404 unknown, 401 signed out, 403 to a non-admin', async () => {
    env = await setup();
    const { makeAdmin, person, get } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const r = await get(root, '/get-user', { id: bob.id });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ id: bob.id, email: bob.email, role: 'user', banned: false });
    expect(r.data).not.toHaveProperty('user');
    expectUserNotFound(await get(root, '/get-user', { id: 'nobody' }));
    expect((await get(null, '/get-user', { id: bob.id })).status).toBe(401);
    expectAdminError(await get(bob, '/get-user', { id: root.id }), 403, 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
    expect((await get(root, '/get-user')).status).toBe(400);
  });
});

describe('admin: users', () => {
  it('sets roles (one or several); unknown users are 404', async () => {
    env = await setup();
    const { makeAdmin, person, post, whoami } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    expect((await post(root, '/set-role', { userId: bob.id, role: 'admin' })).data.user).toMatchObject({ id: bob.id, role: 'admin' });
    expect((await whoami(bob.jar)).user.role).toBe('admin');
    expect((await post(root, '/set-role', { userId: bob.id, role: ['editor', 'user'] })).data.user.role).toBe('editor,user');
    expectUserNotFound(await post(root, '/set-role', { userId: 'nope', role: 'admin' }));
  });

  it('creates users with a credential, a role and extra data', async () => {
    env = await setup();
    const { makeAdmin, post, signIn } = env;
    const root = await makeAdmin();
    const res = await post(root, '/create-user', {
      email: 'New@Example.com',
      password: PASSWORD,
      name: 'New',
      role: 'editor',
      data: { emailVerified: true, image: 'https://x.test/a.png' },
    });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({
      email: 'new@example.com',
      name: 'New',
      role: 'editor',
      emailVerified: true,
      image: 'https://x.test/a.png',
      banned: false,
    });
    expect(res.response.headers.getSetCookie()).toEqual([]);
    expect((await signIn('new@example.com')).status).toBe(200);
    const plain = await post(root, '/create-user', { email: 'plain@example.com', password: PASSWORD, name: 'Plain' });
    expect(plain.data.user).toMatchObject({ role: 'user', emailVerified: false });
  });

  it('refuses an existing email (422), bad input and unknown data fields', async () => {
    env = await setup();
    const { makeAdmin, post, person } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const dup = await post(root, '/create-user', { email: bob.email.toUpperCase(), password: PASSWORD, name: 'Bob' });
    expect(dup.status).toBe(422);
    expect(dup.data).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
    expect((await post(root, '/create-user', { email: 'nope', password: PASSWORD, name: 'X' })).data.code).toBe('INVALID_EMAIL');
    expect((await post(root, '/create-user', { email: 'x@example.com', password: 'short', name: 'X' })).data.code).toBe('PASSWORD_TOO_SHORT');
    const unknown = await post(root, '/create-user', { email: 'x@example.com', password: PASSWORD, name: 'X', data: { isRoot: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.data.code).toBe('VALIDATION_ERROR');
    expect((await post(root, '/create-user', { email: 'x@example.com', password: PASSWORD, name: 'X', data: { emailVerified: 'yes' } })).status).toBe(400);
    expect((await post(root, '/create-user', { email: 'x@example.com', password: PASSWORD, name: 'X', data: { id: 'mine' } })).status).toBe(400);
  });

  it('removes users with their sessions; unknown users are 404', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, whoami, ctx } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    expect((await post(root, '/remove-user', { userId: bob.id })).data).toEqual({ success: true });
    expect(await whoami(bob.jar)).toBeNull();
    expect((await signIn(bob.email)).status).toBe(401);
    expect(await ctx.adapter.count('session', [{ field: 'userId', value: bob.id }])).toBe(0);
    expect(await ctx.adapter.count('account', [{ field: 'userId', value: bob.id }])).toBe(0);
    expectUserNotFound(await post(root, '/remove-user', { userId: bob.id }));
  });

  it('sets a user’s password, making the credential if there is none', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, ctx } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    expect((await post(root, '/set-user-password', { userId: bob.id, newPassword: 'a brand new secret' })).data).toEqual({ status: true });
    expect((await signIn(bob.email)).status).toBe(401);
    expect((await signIn(bob.email, undefined, 'a brand new secret')).status).toBe(200);
    expect((await post(root, '/set-user-password', { userId: bob.id, newPassword: 'short' })).data.code).toBe('PASSWORD_TOO_SHORT');
    expectUserNotFound(await post(root, '/set-user-password', { userId: 'nope', newPassword: 'a brand new secret' }));
    await ctx.adapter.delete('account', [{ field: 'userId', value: bob.id }]);
    await post(root, '/set-user-password', { userId: bob.id, newPassword: 'another new secret' });
    expect((await signIn(bob.email, undefined, 'another new secret')).status).toBe(200);
  });
});

describe('admin: list-users', () => {
  async function population() {
    const e = env!;
    const root = await e.makeAdmin('root');
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      e.t.clock.advance(60);
      await e.person(name);
    }
    await e.ctx.adapter.update('user', [{ field: 'email', value: 'carol@example.com' }], { banned: true });
    return root;
  }

  it('pages with a total, default limit 100', async () => {
    env = await setup();
    const root = await population();
    const all = await env.get(root, '/list-users');
    expect(all.data).toMatchObject({ total: 5, limit: 100, offset: 0 });
    expect(all.data.users.map((u: { name: string }) => u.name)).toEqual(['root', 'alice', 'bob', 'carol', 'dave']);
    const page = await env.get(root, '/list-users', { limit: '2', offset: '2' });
    expect(page.data).toMatchObject({ total: 5, limit: 2, offset: 2 });
    expect(page.data.users.map((u: { name: string }) => u.name)).toEqual(['bob', 'carol']);
  });

  it('searches email or name with contains, starts_with and ends_with', async () => {
    env = await setup();
    const root = await population();
    const names = async (q: Record<string, string>) => (await env!.get(root, '/list-users', q)).data.users.map((u: { name: string }) => u.name).sort();
    expect(await names({ searchValue: 'AR' })).toEqual(['carol']);
    expect(await names({ searchValue: 'a', searchField: 'name', searchOperator: 'starts_with' })).toEqual(['alice']);
    expect(await names({ searchValue: 'e', searchField: 'name', searchOperator: 'ends_with' })).toEqual(['alice', 'dave']);
    expect(await names({ searchValue: '%' })).toEqual([]);
    const res = await env.get(root, '/list-users', { searchValue: 'o', searchField: 'name', limit: '1' });
    expect(res.data.total).toBe(3);
    expect((await env.get(root, '/list-users', { searchField: 'password' })).status).toBe(400);
  });

  it('sorts and filters in SQL, refusing unknown fields and bad values', async () => {
    env = await setup();
    const root = await population();
    const names = async (q: Record<string, string>) => (await env!.get(root, '/list-users', q)).data.users.map((u: { name: string }) => u.name);
    expect(await names({ sortBy: 'name', sortDirection: 'desc' })).toEqual(['root', 'dave', 'carol', 'bob', 'alice']);
    expect(await names({ filterField: 'role', filterValue: 'admin' })).toEqual(['root']);
    expect(await names({ filterField: 'role', filterValue: 'admin', filterOperator: 'ne' })).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(await names({ filterField: 'banned', filterValue: 'true' })).toEqual(['carol']);
    const bob = await env.ctx.adapter.findOne<{ createdAt: Date }>('user', [{ field: 'name', value: 'bob' }]);
    expect(await names({ filterField: 'createdAt', filterValue: bob!.createdAt.toISOString(), filterOperator: 'gt' })).toEqual(['carol', 'dave']);
    expect(await names({ filterField: 'createdAt', filterValue: String(bob!.createdAt.getTime()), filterOperator: 'lte' })).toEqual(['root', 'alice', 'bob']);
    expect(
      await names({ filterField: 'createdAt', filterValue: bob!.createdAt.toISOString(), filterOperator: 'gte', sortBy: 'createdAt', sortDirection: 'desc' }),
    ).toEqual(['dave', 'carol', 'bob']);
    const invalid: Record<string, string>[] = [
      { sortBy: 'nope' },
      { filterField: 'nope', filterValue: 'x' },
      // Names of Object's own members are not fields (a fuzzed request once found `constructor`).
      { filterField: 'constructor', filterValue: 'x' },
      { sortBy: '__proto__' },
      { searchField: 'toString', searchValue: 'x' },
      { filterField: 'banned', filterValue: 'maybe' },
      { filterField: 'createdAt', filterValue: 'yesterday-ish' },
      { filterField: 'role' },
      { filterOperator: 'like' },
      { sortDirection: 'up' },
      { limit: '-1' },
    ];
    for (const q of invalid) {
      const res = await env.get(root, '/list-users', q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.data.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('admin: sessions', () => {
  it('lists a user’s sessions and revokes one by raw token or listed hash', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, whoami } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const second = await signIn(bob.email);
    const listed = await post(root, '/list-user-sessions', { userId: bob.id });
    expect(listed.data.sessions).toHaveLength(2);
    expect(listed.data.sessions.map((s: { token: string }) => s.token)).toContain(sessionTokenKey(bob.token));

    expect((await post(root, '/revoke-user-session', { sessionToken: bob.token })).data).toEqual({ success: true });
    expect(await whoami(bob.jar)).toBeNull();
    expect((await post(root, '/revoke-user-session', { sessionToken: sessionTokenKey(second.data.token) })).data).toEqual({ success: true });
    expect((await post(root, '/list-user-sessions', { userId: bob.id })).data.sessions).toEqual([]);
    const missing = await post(root, '/revoke-user-session', { sessionToken: bob.token });
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    expectUserNotFound(await post(root, '/list-user-sessions', { userId: 'nope' }));
  });

  it('revokes all of a user’s sessions', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, whoami } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const otherJar = env.t.newJar();
    await signIn(bob.email, otherJar);
    expect((await post(root, '/revoke-user-sessions', { userId: bob.id })).data).toEqual({ success: true });
    expect(await whoami(bob.jar)).toBeNull();
    expect(await whoami(otherJar)).toBeNull();
    expect(await whoami(root.jar)).not.toBeNull();
    expectUserNotFound(await post(root, '/revoke-user-sessions', { userId: 'nope' }));
  });
});

describe('admin: bans', () => {
  it('bans: sessions end, sign-in answers 403 BANNED_USER without the reason; unban lifts it', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, whoami } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const res = await post(root, '/ban-user', { userId: bob.id, banReason: 'spam' });
    expect(res.data.user).toMatchObject({ banned: true, banReason: 'spam', banExpires: null });
    expect(await whoami(bob.jar)).toBeNull();
    const refused = await signIn(bob.email);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ code: 'BANNED_USER', message: 'You have been banned from this application' });
    expect(refused.response.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('Max-Age=0'))).toBe(false);
    expect((await post(root, '/unban-user', { userId: bob.id })).data.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await signIn(bob.email)).status).toBe(200);
  });

  it('lets a ban expire: the next sign-in after banExpires clears it (test clock)', async () => {
    env = await setup();
    const { makeAdmin, person, post, signIn, t, ctx } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const res = await post(root, '/ban-user', { userId: bob.id, banExpiresIn: 3600 });
    expect(new Date(res.data.user.banExpires).getTime()).toBe(t.clock.ms + 3600_000);
    t.clock.advance(3599);
    expect((await signIn(bob.email)).status).toBe(403);
    t.clock.advance(1);
    const ok = await signIn(bob.email);
    expect(ok.status).toBe(200);
    expect(await ctx.adapter.findOne('user', [{ field: 'id', value: bob.id }])).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('refuses banning yourself and unknown users', async () => {
    env = await setup();
    const { makeAdmin, post } = env;
    const root = await makeAdmin();
    expectAdminError(await post(root, '/ban-user', { userId: root.id }), 400, 'YOU_CANNOT_BAN_YOURSELF');
    expectUserNotFound(await post(root, '/ban-user', { userId: 'nope' }));
    expectUserNotFound(await post(root, '/unban-user', { userId: 'nope' }));
  });
});

describe('admin: impersonation', () => {
  it('impersonates for an hour, hidden from the user’s list, then restores the admin', async () => {
    env = await setup();
    const { makeAdmin, person, post, whoami, t } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    const res = await post(root, '/impersonate-user', { userId: bob.id });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ id: bob.id });
    expect(res.data.session).toMatchObject({ userId: bob.id, impersonatedBy: root.id });
    expect(new Date(res.data.session.expiresAt).getTime()).toBe(t.clock.ms + 3600_000);
    expect(root.jar.get('better-auth.admin_session')).toBeTruthy();
    const seen = await whoami(root.jar);
    expect(seen.user.id).toBe(bob.id);
    expect(seen.session.impersonatedBy).toBe(root.id);
    // Bob does not see the impersonation among his sessions; the admin does.
    expect((await t.json<unknown[]>('/list-sessions', { jar: bob.jar })).data).toHaveLength(1);
    expect((await post(root, '/list-user-sessions', { userId: bob.id })).status).toBe(403);

    const back = await post(root, '/stop-impersonating');
    expect(back.status).toBe(200);
    expect(back.data.user.id).toBe(root.id);
    expect((await whoami(root.jar)).user.id).toBe(root.id);
    expect(root.jar.get('better-auth.admin_session')).toBeUndefined();
    expect((await post(root, '/list-user-sessions', { userId: bob.id })).data.sessions).toHaveLength(1);
  });

  it('ends the impersonation after impersonationSessionDuration, without renewal', async () => {
    env = await setup({ admin: { impersonationSessionDuration: 600 } });
    const { makeAdmin, person, post, whoami, t } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    await post(root, '/impersonate-user', { userId: bob.id });
    t.clock.advance(599);
    expect((await whoami(root.jar)).user.id).toBe(bob.id);
    t.clock.advance(1);
    expect(await whoami(root.jar)).toBeNull();
  });

  it('refuses impersonating admins unless allowed, unknown and banned users', async () => {
    env = await setup();
    const { makeAdmin, person, post } = env;
    const root = await makeAdmin();
    const other = await makeAdmin('other');
    expectAdminError(await post(root, '/impersonate-user', { userId: other.id }), 403, 'YOU_CANNOT_IMPERSONATE_ADMINS');
    expectUserNotFound(await post(root, '/impersonate-user', { userId: 'nope' }));
    const bob = await person('bob');
    await post(root, '/ban-user', { userId: bob.id });
    const banned = await post(root, '/impersonate-user', { userId: bob.id });
    expect(banned.status).toBe(403);
    expect(banned.data.code).toBe('BANNED_USER');
    await env.t.auth.close();

    env = await setup({ admin: { allowImpersonatingAdmins: true } });
    const a = await env.makeAdmin('a');
    const b = await env.makeAdmin('b');
    const c = await env.person('c');
    expect((await env.post(a, '/impersonate-user', { userId: b.id })).status).toBe(200);
    // From there, switching to another user keeps "a" as the one to return to.
    const switched = await env.post(a, '/impersonate-user', { userId: c.id });
    expect(switched.data.session.impersonatedBy).toBe(a.id);
    expect((await env.post(a, '/stop-impersonating')).data.user.id).toBe(a.id);
  });

  it('says when there is nothing to stop, no admin session, or no admin any more', async () => {
    env = await setup();
    const { makeAdmin, person, post, t } = env;
    const root = await makeAdmin();
    const bob = await person('bob');
    expectAdminError(await post(bob, '/stop-impersonating'), 400, 'YOU_ARE_NOT_IMPERSONATING_ANYONE');
    expectAdminError(await post(root, '/stop-impersonating'), 400, 'YOU_ARE_NOT_IMPERSONATING_ANYONE');

    await post(root, '/impersonate-user', { userId: bob.id });
    const withoutCookie = { ...root, jar: t.newJar() };
    withoutCookie.jar.cookies.set('better-auth.session_token', root.jar.get('better-auth.session_token')!);
    expectAdminError(await post(withoutCookie, '/stop-impersonating'), 400, 'FAILED_TO_FIND_ADMIN_SESSION');
    const forged = { ...root, jar: t.newJar() };
    forged.jar.cookies.set('better-auth.session_token', root.jar.get('better-auth.session_token')!);
    forged.jar.cookies.set('better-auth.admin_session', 'not-a-token.signature');
    expectAdminError(await post(forged, '/stop-impersonating'), 400, 'FAILED_TO_FIND_ADMIN_SESSION');

    // Another admin removes the impersonating admin meanwhile.
    const other = await makeAdmin('other');
    await post(other, '/remove-user', { userId: root.id });
    expectAdminError(await post(root, '/stop-impersonating'), 400, 'FAILED_TO_FIND_USER');
  });
});

describe('admin: switched off', () => {
  it('answers 404 on every admin route, has no admin fields and no ban check', async () => {
    env = await setup({ admin: { enabled: false } });
    const { t, ctx, person } = env;
    const bob = await person('bob');
    for (const [path, method] of [...ADMIN_ROUTES, ['/stop-impersonating', 'POST'] as const]) {
      const res = await t.request(`/admin${path}`, method === 'GET' ? { jar: bob.jar } : { body: {}, jar: bob.jar });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('');
    }
    expect(ctx.schema.user!.fields.role).toBeUndefined();
    expect(ctx.schema.session!.fields.impersonatedBy).toBeUndefined();
    expect(ctx.extensions.admin).toBeUndefined();
    expect((await t.json('/providers')).data.features).toMatchObject({ admin: false });
  });
});
