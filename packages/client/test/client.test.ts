import { coreClient, gatehouseClients } from '@gatehouse/core/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from '../src/client.js';
import { json, stubFetch } from '../src/test/stub-fetch.js';

const user = { id: 'u1', email: 'a@b.c', name: 'A' };
const session = { id: 's1', token: 't1', userId: 'u1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A client over a stubbed server that is signed in after any sign-in. */
function setup() {
  let signedIn = false;
  const stub = stubFetch((path) => {
    if (path === '/get-session') return json(signedIn ? { session, user } : null);
    if (path === '/sign-in/email') {
      signedIn = true;
      return json({ redirect: false, token: 't1', user });
    }
    if (path === '/sign-out') {
      signedIn = false;
      return json({ success: true });
    }
    if (path === '/sign-in/username') return json({ message: 'invalid username or password', code: 'INVALID_USERNAME_OR_PASSWORD' }, 401);
    if (path === '/sign-in/social') return json({ url: 'https://idp.test/auth', redirect: true });
    return json({ status: true });
  });
  const client = createAuthClient({
    plugins: gatehouseClients,
    baseURL: 'http://api.test',
    fetchOptions: { customFetchImpl: stub.fetch },
  });
  const calls = (path: string) => stub.sent.filter((r) => r.url.includes(`/api/auth${path}`));
  return { client, stub, calls };
}

describe('createAuthClient', () => {
  it('refreshes the session view after a sign-in and a sign-out', async () => {
    const { client, calls } = setup();
    const { data, error } = await client.signIn.email({ email: 'a@b.c', password: 'secret123' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ token: 't1' });
    expect(client.$store.session.get().data).toEqual({ session, user });
    await client.signOut();
    expect(calls('/sign-out')[0]?.method).toBe('POST');
    expect(client.$store.session.get().data).toBeNull();
    expect(calls('/get-session')).toHaveLength(2);
  });

  it('does not refresh the session after a failed sign-in', async () => {
    const { client, calls } = setup();
    const { data, error } = await client.signIn.username({ username: 'a', password: 'b' });
    expect(data).toBeNull();
    expect(error).toEqual({
      message: 'invalid username or password',
      code: 'INVALID_USERNAME_OR_PASSWORD',
      status: 401,
    });
    expect(calls('/get-session')).toHaveLength(0);
  });

  it('follows a social redirect and skips the refresh', async () => {
    const location = { href: 'http://app.test/sign-in' };
    vi.stubGlobal('window', { location });
    const { client, calls } = setup();
    await client.signIn.social({ provider: 'github', callbackURL: 'http://app.test/account' });
    expect(location.href).toBe('https://idp.test/auth');
    expect(calls('/get-session')).toHaveLength(0);
  });

  it('applies the client rule to named calls', async () => {
    const { client, calls } = setup();
    await client.listSessions();
    await client.revokeOtherSessions();
    await client.twoFactor.sendOtp();
    await client.admin.listUsers({ limit: 10, offset: 20, searchValue: 'ann' });
    await client.organization.checkSlug({ slug: 'acme' });
    expect(calls('/list-sessions')[0]?.method).toBe('GET');
    expect(calls('/revoke-other-sessions')[0]?.method).toBe('POST');
    expect(calls('/two-factor/send-otp')[0]?.method).toBe('POST');
    const list = calls('/admin/list-users')[0];
    expect(list?.method).toBe('GET');
    expect(list?.url).toBe('http://api.test/api/auth/admin/list-users?limit=10&offset=20&searchValue=ann');
    expect(calls('/organization/check-slug')[0]).toMatchObject({ method: 'POST', body: { slug: 'acme' } });
  });

  it('refreshes the session after stop-impersonating', async () => {
    const { client, calls } = setup();
    await client.admin.stopImpersonating();
    expect(calls('/admin/stop-impersonating')[0]?.method).toBe('POST');
    expect(calls('/get-session')).toHaveLength(1);
  });

  it('bumps the organization signal after an organization write only', async () => {
    const { client } = setup();
    const before = client.$store.organization.get();
    await client.organization.list();
    expect(client.$store.organization.get()).toBe(before);
    await client.organization.inviteMember({ email: 'x@y.z', role: 'member' });
    expect(client.$store.organization.get()).toBe(before + 1);
  });

  it('refreshes the session after every call whose route declares changesSession, and only those', async () => {
    for (const plugin of gatehouseClients) {
      for (const path of Object.keys(plugin.methods)) {
        const stub = stubFetch(() => json({ status: true }));
        const client = createAuthClient({ plugins: gatehouseClients, fetchOptions: { customFetchImpl: stub.fetch } });
        await client.$fetch(path, { body: {} });
        const refetched = stub.sent.filter((r) => r.url.endsWith('/get-session')).length - (path === '/get-session' ? 1 : 0);
        expect([path, refetched]).toEqual([path, Object.hasOwn(plugin.changesSession, path) ? 1 : 0]);
      }
    }
  });

  it('nests one call per route of its capabilities, by path', () => {
    const { client } = setup();
    expect(typeof client.organization.getFullOrganization).toBe('function');
    expect(typeof client.twoFactor.getTotpUri).toBe('function');
    expect(typeof client.signUp.email).toBe('function');
    expect(typeof client.isUsernameAvailable).toBe('function');
    const only = createAuthClient({ plugins: [coreClient] }) as unknown as Record<string, unknown>;
    expect(only.organization).toBeUndefined();
    expect(typeof only.getSession).toBe('function');
  });

  it('offers a generic $fetch with method, body and query', async () => {
    const { client, calls } = setup();
    const { data } = await client.$fetch<{ status: boolean }>('/custom', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'x' },
    });
    expect(data).toEqual({ status: true });
    expect(calls('/custom')[0]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      url: 'http://api.test/api/auth/custom?q=x',
    });
  });
});
