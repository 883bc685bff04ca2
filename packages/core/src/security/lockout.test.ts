import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

describe('per-identity lockout', () => {
  it('locks an email after maxAttempts failures, for known and unknown emails alike, and tells the owner', async () => {
    let mails: Mail[];
    ({ t, mails } = await clients.openWithMail({ lockout: { maxAttempts: 3, window: 600, duration: 300 } }));
    const { email, password } = await t.signUp({}, t.newJar());
    const ghost = uniqueEmail('ghost');
    for (const who of [email, ghost]) {
      for (let i = 0; i < 3; i++) expect((await t.json('/sign-in/email', { body: { email: who, password: 'wrong-password' }, jar: null })).status).toBe(401);
      const locked = await t.json('/sign-in/email', { body: { email: who, password: who === email ? password : 'x'.repeat(8) }, jar: null });
      expect(locked.status).toBe(429);
      expect(locked.data).toEqual({ message: 'Too many failed attempts. Please try again later.', code: 'TOO_MANY_FAILED_ATTEMPTS' });
      expect(Number(locked.response.headers.get('retry-after'))).toBe(300);
    }
    expect(mails.filter((m) => m.to === email.toLowerCase())).toHaveLength(1);
    t.clock.advance(301);
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(200);
  });

  it('a success resets the count; failures outside the window do not add up', async () => {
    t = await clients.open({ lockout: { maxAttempts: 3, window: 60, duration: 300 } });
    const { email, password } = await t.signUp({}, t.newJar());
    const bad = () => t.json('/sign-in/email', { body: { email, password: 'wrong-password' }, jar: null });
    await bad();
    await bad();
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(200);
    await bad();
    await bad();
    t.clock.advance(61);
    await bad();
    expect((await t.json('/sign-in/email', { body: { email, password }, jar: null })).status).toBe(200);
  });

  it('applies to username sign-in too', async () => {
    t = await clients.open({ lockout: { maxAttempts: 2 } });
    const { password } = await t.signUp({ username: 'locky' }, t.newJar());
    for (let i = 0; i < 2; i++) await t.json('/sign-in/username', { body: { username: 'locky', password: 'wrong-password' }, jar: null });
    expect((await t.json('/sign-in/username', { body: { username: 'LOCKY', password }, jar: null })).status).toBe(429);
  });

  it('records sign-in successes and failures in the audit trail', async () => {
    t = await clients.open();
    const { email, password } = await t.signUp({}, t.newJar());
    await t.json('/sign-in/email', { body: { email, password: 'wrong-password' }, jar: null, headers: { 'user-agent': 'AuditBrowser/1' } });
    await t.json('/sign-in/email', { body: { email, password }, jar: null, ip: '192.0.2.9' });
    // One test-clock instant: compare as a set, then pick each event by type.
    const events = await (await t.auth.context()).adapter.findMany('auditEvent');
    expect(events.map((e) => e.type).sort()).toEqual(['sign-in.failure', 'sign-in.success', 'sign-up']);
    expect(events.find((e) => e.type === 'sign-in.failure')).toMatchObject({ userAgent: 'AuditBrowser/1', details: { method: 'email' } });
    expect(events.find((e) => e.type === 'sign-in.success')).toMatchObject({ ipAddress: '192.0.2.9', details: { method: 'password' } });
  });
});
