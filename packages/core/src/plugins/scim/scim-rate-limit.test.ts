import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ERROR, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();

describe('scim: the rate limit', () => {
  it('answers 429 in the SCIM error schema with Retry-After, counted per collection (every /Users/{id} on one rule)', async () => {
    const k = await scimSetup(clients, { rateLimit: { enabled: true, customRules: { '/scim/v2/Users': { window: 60, max: 4 } } } });
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'rate@example.com' });
    expect((await k.scim(token, 'GET', `/Users/${u.id}`)).status).toBe(200);
    // Another id (unknown, 404) is the same collection: its bucket and its rule, not a fresh one per path.
    expect((await k.scim(token, 'GET', '/Users/no-such-id')).status).toBe(404);
    expect((await k.scim(token, 'GET', '/Users')).status).toBe(200);
    const refused = await k.scim(token, 'GET', `/Users/${u.id}`);
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get('content-type')).toBe('application/scim+json');
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.data).toEqual({ schemas: [ERROR], status: '429', detail: expect.stringMatching(/Too many requests/) });
    // A write is refused the same way, before its token or body is looked at.
    const write = await k.scim(null, 'POST', '/Users', { schemas: [USER], userName: 'x@example.com' });
    expect(write).toMatchObject({ status: 429, data: { schemas: [ERROR], status: '429' } });
    // Groups are counted apart.
    expect((await k.scim(token, 'GET', '/Groups')).status).toBe(200);
    // The session routes keep the core's {message, code}.
    expect((await k.t.json('/scim/list-connections', { jar: k.t.newJar() })).data).not.toHaveProperty('schemas');
  });
});
