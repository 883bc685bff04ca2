import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/types.js';
import { useTestClients, bareLinkIn, uniqueEmail, type TestClient } from '../test/harness.js';

/**
 * The account flows on every database, and single use under real concurrency.
 * SQLite serialises transactions, so the race only really runs against a server
 * database: set TEST_POSTGRES_URL and/or TEST_MYSQL_URL to include them (the
 * database is shared between runs: every check here is scoped to fresh users).
 */
const databases = [
  { name: 'sqlite', database: ':memory:' },
  ...(process.env.TEST_POSTGRES_URL ? [{ name: 'postgres', database: process.env.TEST_POSTGRES_URL }] : []),
  ...(process.env.TEST_MYSQL_URL ? [{ name: 'mysql', database: process.env.TEST_MYSQL_URL }] : []),
];

let t: TestClient;
const clients = useTestClients();

describe.each(databases)('account flows and one-time tokens on $name', ({ database }) => {
  it('of three concurrent /reset-password with one token exactly one answers 200, five times over', async () => {
    let mails: Mail[];
    ({ t, mails } = await clients.openWithMail({ database }));
    for (let round = 0; round < 5; round++) {
      const { email } = await t.signUp(undefined, t.newJar());
      await t.json('/forget-password', { body: { email }, jar: null });
      const token = /\/reset-password\/([A-Za-z0-9]{24})/.exec(mails.at(-1)!.text)![1]!;
      const results = await Promise.all([1, 2, 3].map((n) => t.json('/reset-password', { body: { newPassword: `new password ${n}`, token }, jar: null })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    }
  });

  it('of two concurrent delete-user callbacks with one token exactly one deletes', async () => {
    let mails: Mail[];
    ({ t, mails } = await clients.openWithMail({ database }));
    const jar = t.newJar();
    await t.signUp(undefined, jar);
    await t.json('/delete-user', { body: {}, jar });
    const link = bareLinkIn(mails.at(-1)!);
    const results = await Promise.all([t.json(link, { jar: null }), t.json(link, { jar: null })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('verification, change of a verified address and deletion', async () => {
    let mails: Mail[];
    ({ t, mails } = await clients.openWithMail({ database, emailVerification: { sendOnSignUp: true } }));
    const link = (to: string) => bareLinkIn(mails.filter((m) => m.to === to).at(-1)!);
    const jar = t.newJar();
    const { email, password, data } = await t.signUp(undefined, jar);
    const userId = (data.user as { id: string }).id;
    expect((await t.json(link(email), { jar })).data).toMatchObject({ status: true, user: { emailVerified: true } });
    expect((await t.json(link(email), { jar })).status).toBe(401);

    const newEmail = uniqueEmail('db-moved');
    await t.json('/change-email', { body: { newEmail }, jar });
    expect((await t.json(link(email), { jar })).data).toMatchObject({ user: { email: newEmail, emailVerified: false } });
    await t.json(link(newEmail), { jar });
    expect((await t.json<{ user: { email: string; emailVerified: boolean } }>('/get-session', { jar })).data.user).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });

    await t.json('/forget-password', { body: { email: newEmail }, jar: null });
    expect((await t.json('/delete-user', { body: { password }, jar })).data).toEqual({ success: true, message: 'User deleted' });
    const { adapter } = await t.auth.context();
    for (const [model, field] of [
      ['user', 'id'],
      ['session', 'userId'],
      ['account', 'userId'],
      ['verification', 'value'],
    ] as const) {
      expect(await adapter.count(model, [{ field, value: userId }])).toBe(0);
    }
  });
});
