import { describe, expect, it } from 'vitest';
import { useTestClients, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

describe('sign-up, sign-in, get-session', () => {
  it('signs up, reads the session, signs out', async () => {
    t = await clients.open();
    const { email, data } = await t.signUp({ email: 'Alice@Example.COM' });
    expect(email).toBe('Alice@Example.COM');
    expect((data.user as { email: string }).email).toBe('alice@example.com');
    expect(typeof data.token).toBe('string');
    const s = await t.json('/get-session');
    expect(s.status).toBe(200);
    expect((s.data.user as { email: string }).email).toBe('alice@example.com');
    const out = await t.json('/sign-out', { method: 'POST' });
    expect(out.data).toEqual({ success: true });
    expect((await t.json('/get-session')).data).toBeNull();
  });
});

describe('/providers branding', () => {
  it('answers the configured name, logo and colour, and nothing when none is set', async () => {
    t = await clients.open({ branding: { name: ' Acme ID ', logoUrl: '/logo.svg', color: '#0f766e' } });
    expect((await t.json('/providers')).data.branding).toEqual({ name: 'Acme ID', logoUrl: '/logo.svg', color: '#0f766e' });
    const plain = await clients.open();
    expect((await plain.json('/providers')).data.branding).toEqual({});
  });
});
