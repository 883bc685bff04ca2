import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GatehouseOptions } from '../plugins/index.js';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

let t: TestClient;
const clients = useTestClients();

/** Custom user fields (spec section 3), one of each kind. */
const fields: NonNullable<GatehouseOptions['user']>['additionalFields'] = {
  company: { type: 'string', required: true },
  plan: { type: 'string', input: false, defaultValue: 'free' },
  secretNote: { type: 'string', returned: false, defaultValue: 'internal' },
  age: { type: 'number', validator: z.number().int().min(13, 'age must be at least 13') },
  nickname: { type: 'string', transform: (v) => String(v).trim().toLowerCase() },
  newsletter: { type: 'boolean', defaultValue: false },
};

const sessionUser = async (jar = t.jar) => (await t.json<{ user: Record<string, unknown> }>('/get-session', { jar })).data.user;
const dbUser = async (email: string) => (await t.auth.context()).adapter.findOne('user', [{ field: 'email', value: email }]);

describe('custom user fields end to end', () => {
  it('requires required fields on sign-up: "{field} is required"', async () => {
    t = await clients.open({ user: { additionalFields: fields } });
    const r = await t.json('/sign-up/email', { body: { name: 'A', email: uniqueEmail(), password: 'long enough pw' } });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ message: 'company is required', code: 'VALIDATION_ERROR', issues: [{ field: 'company', message: 'company is required' }] });
  });

  it('applies defaults, transforms and validators; ignores input:false; never answers returned:false', async () => {
    t = await clients.open({ user: { additionalFields: fields } });
    const { email, data } = await t.signUp({ company: 'Acme', plan: 'enterprise', secretNote: 'mine', age: 30, nickname: '  Ace ' });
    const user = data.user as Record<string, unknown>;
    expect(user).toMatchObject({ company: 'Acme', plan: 'free', age: 30, nickname: 'ace', newsletter: false });
    expect(user).not.toHaveProperty('secretNote');
    const stored = await dbUser(email);
    // secretNote is returned:false but still an input field: stored, never shown.
    expect(stored).toMatchObject({ plan: 'free', secretNote: 'mine' });

    const session = await sessionUser();
    expect(session).toMatchObject({ company: 'Acme', plan: 'free', nickname: 'ace' });
    expect(session).not.toHaveProperty('secretNote');

    const young = await t.json('/sign-up/email', { body: { name: 'B', email: uniqueEmail(), password: 'long enough pw', company: 'X', age: 9 } });
    expect(young.status).toBe(400);
    expect(young.data).toEqual({
      message: 'age must be at least 13',
      code: 'VALIDATION_ERROR',
      issues: [{ field: 'age', message: 'age must be at least 13' }],
    });
    const typed = await t.json('/sign-up/email', { body: { name: 'B', email: uniqueEmail(), password: 'long enough pw', company: 'X', age: 'old' } });
    expect(typed.data).toEqual({ message: 'age must be a number', code: 'VALIDATION_ERROR', issues: [{ field: 'age', message: 'age must be a number' }] });
  });

  it('update-user sets input fields the same way and answers {status: true}', async () => {
    t = await clients.open({ user: { additionalFields: fields } });
    const { email } = await t.signUp({ company: 'Acme' });
    const r = await t.json('/update-user', { body: { name: 'Renamed', nickname: ' NEW ', plan: 'enterprise', newsletter: true, secretNote: 'x' } });
    expect(r).toMatchObject({ status: 200, data: { status: true } });
    expect(JSON.stringify(r.data)).not.toContain('secretNote');
    const u = await sessionUser();
    expect(u).toMatchObject({ name: 'Renamed', nickname: 'new', plan: 'free', newsletter: true, company: 'Acme' });
    expect(u).not.toHaveProperty('secretNote');
    expect(await dbUser(email)).toMatchObject({ plan: 'free', secretNote: 'x' });
    const bad = await t.json('/update-user', { body: { age: 5 } });
    expect(bad.data).toEqual({ message: 'age must be at least 13', code: 'VALIDATION_ERROR', issues: [{ field: 'age', message: 'age must be at least 13' }] });
  });
});

describe('update-user', () => {
  it('updates name and image', async () => {
    t = await clients.open();
    await t.signUp();
    expect((await t.json('/update-user', { body: { name: 'New Name', image: 'https://img.example/a.png' } })).data).toEqual({ status: true });
    expect(await sessionUser()).toMatchObject({ name: 'New Name', image: 'https://img.example/a.png' });
    expect((await t.json('/update-user', { body: { image: null } })).data).toEqual({ status: true });
    expect((await sessionUser()).image).toBeNull();
    expect((await t.json('/update-user', { body: {} })).data).toEqual({ status: true });
  });

  it('refuses the email ("Email can not be updated") and anonymous callers', async () => {
    t = await clients.open();
    const { email } = await t.signUp();
    const r = await t.json('/update-user', { body: { name: 'X', email: 'other@example.com' } });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ message: 'Email can not be updated', code: 'EMAIL_CAN_NOT_BE_UPDATED' });
    expect((await sessionUser()).email).toBe(email.toLowerCase());
    expect((await t.json('/update-user', { body: { name: 'X' }, jar: null })).status).toBe(401);
  });

  it('refreshes the cached session cookie', async () => {
    t = await clients.open({ session: { cookieCache: { enabled: true } } });
    await t.signUp({ name: 'Before' });
    expect((await sessionUser()).name).toBe('Before');
    await t.json('/update-user', { body: { name: 'After' } });
    // Served from the cookie cache: it must already say the new name.
    expect((await sessionUser()).name).toBe('After');
  });
});
