import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { hashScimToken } from './connection.js';
import { scimSeam } from './seam.js';
import { GROUP, PATCH, scimSetup, USER } from './test-kit.js';

const clients = useTestClients();

describe('scim: security', () => {
  it("a token sees only its organization: another organization's User and Group ids are 404, filters find nothing", async () => {
    const k = await scimSetup(clients);
    const one = await k.tenant();
    const two = await k.tenant();
    const theirs = await k.createUser(two.token, { userName: 'theirs@example.com', externalId: 'ext-theirs' });
    const theirGroup = (await k.scim(two.token, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Theirs' })).data;
    const mine = one.token;
    expect((await k.scim(mine, 'GET', `/Users/${theirs.id}`)).status).toBe(404);
    expect((await k.scim(mine, 'PUT', `/Users/${theirs.id}`, { schemas: [USER], userName: 'theirs@example.com', active: false })).status).toBe(404);
    expect(
      (await k.scim(mine, 'PATCH', `/Users/${theirs.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] })).status,
    ).toBe(404);
    expect((await k.scim(mine, 'DELETE', `/Users/${theirs.id}`)).status).toBe(404);
    for (const filter of ['userName eq "theirs@example.com"', 'externalId eq "ext-theirs"', `id eq "${theirs.id}"`, 'emails.value eq "theirs@example.com"']) {
      expect((await k.scim(mine, 'GET', `/Users?filter=${encodeURIComponent(filter)}`)).data.totalResults, filter).toBe(0);
    }
    expect((await k.scim(mine, 'GET', '/Users')).data.totalResults).toBe(0);
    expect((await k.scim(mine, 'GET', `/Groups/${theirGroup.id}`)).status).toBe(404);
    expect((await k.scim(mine, 'DELETE', `/Groups/${theirGroup.id}`)).status).toBe(404);
    expect((await k.scim(mine, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Theirs"')}`)).data.totalResults).toBe(0);
    // Nor can their user be put in one of my groups.
    const add = await k.scim(mine, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Mine', members: [{ value: theirs.id }] });
    expect(add.status).toBe(400);
    // Untouched.
    expect((await k.scim(two.token, 'GET', `/Users/${theirs.id}`)).data.active).toBe(true);
  });

  it("another directory of the same organization does not see this one's users; accounts SCIM did not create are unreachable", async () => {
    const k = await scimSetup(clients);
    const { owner, organizationId, token } = await k.tenant('okta');
    const entra = (await k.generateToken(owner, organizationId, 'entra')).data.scimToken as string;
    const u = await k.createUser(token, { userName: 'okta-only@example.com' });
    expect((await k.scim(entra, 'GET', `/Users/${u.id}`)).status).toBe(404);
    expect((await k.scim(entra, 'DELETE', `/Users/${u.id}`)).status).toBe(404);
    // The owner's own account (and its user id) is nothing SCIM can reach.
    expect((await k.scim(token, 'GET', `/Users/${owner.id}`)).status).toBe(404);
    expect((await k.scim(token, 'DELETE', `/Users/${owner.id}`)).status).toBe(404);
  });

  it('the token works only under /scim/v2: not as a session, not on the token routes', async () => {
    const k = await scimSetup(clients);
    const { token, organizationId } = await k.tenant();
    const auth = { authorization: `Bearer ${token}` };
    expect((await k.t.json('/get-session', { headers: auth, jar: null })).data).toBeNull();
    expect((await k.t.json('/list-sessions', { headers: auth, jar: null })).status).toBe(401);
    expect((await k.t.json('/organization/list', { headers: auth, jar: null })).status).toBe(401);
    expect((await k.t.json('/scim/generate-token', { body: { providerId: 'okta', organizationId }, headers: auth, jar: null })).status).toBe(401);
    expect((await k.t.json(`/scim/list-connections?organizationId=${organizationId}`, { headers: auth, jar: null })).status).toBe(401);
    // Not in the query string either.
    expect((await k.t.request(`/scim/v2/Users?access_token=${token}`, { jar: null })).status).toBe(401);
  });

  it('the token is kept only as its SHA-256', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const rows = await k.ctx.adapter.findMany<Record<string, unknown>>('scimConnection', {});
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashScimToken(token));
    const dump = JSON.stringify([rows, await k.ctx.adapter.findMany('auditEvent', {})]);
    expect(dump).not.toContain(token);
  });

  it('a plain member or an admin of another organization cannot make a token for this one', async () => {
    const k = await scimSetup(clients);
    const { owner, organizationId } = await k.tenant();
    const member = await k.person('member');
    await k.addMember(owner, member, organizationId, 'member');
    const otherOwner = await k.person('other');
    await k.organization(otherOwner);
    expect((await k.generateToken(member, organizationId)).status).toBe(403);
    expect((await k.generateToken(otherOwner, organizationId)).status).toBe(403);
    expect((await k.generateToken(otherOwner, 'no-such-organization')).status).toBe(403);
    expect(await k.ctx.adapter.count('scimConnection', [])).toBe(1);
  });

  it('creating an address that has an account anywhere: 409 uniqueness, nothing more said, nothing linked or changed', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    const victim = await k.person('victim');
    const r = await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: victim.email, name: { givenName: 'Evil' } });
    expect(r.status).toBe(409);
    expect(Object.keys(r.data).sort()).toEqual(['detail', 'schemas', 'scimType', 'status']);
    expect(JSON.stringify(r.data)).not.toContain(victim.id);
    expect(await k.ctx.adapter.count('scimUser', [])).toBe(0);
    expect(await k.ctx.adapter.findOne('user', [{ field: 'id', value: victim.id }])).toMatchObject({ name: 'victim' });
  });

  it('a deprovisioned person cannot sign back in any other way (email OTP) and every session ends', async () => {
    const k = await scimSetup(clients, { emailOTP: { enabled: true } });
    const { token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'otp@example.com' });
    const password = await k.setPassword('otp@example.com');
    const jars = [k.t.newJar(), k.t.newJar()];
    for (const jar of jars) expect((await k.signIn('otp@example.com', password, jar)).status).toBe(200);
    await k.scim(token, 'PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: 'False' } }] });
    for (const jar of jars) expect((await k.t.json('/get-session', { jar })).data).toBeNull();
    await k.t.json('/email-otp/send-verification-otp', { body: { email: 'otp@example.com', type: 'sign-in' }, jar: null });
    const otp = /^\d{6}$/m.exec(k.mails.at(-1)!.text)![0];
    const r = await k.t.json<{ code: string }>('/sign-in/email-otp', { body: { email: 'otp@example.com', otp }, jar: null });
    expect(r.status).toBe(403);
    expect(r.data.code).toBe('BANNED_USER');
  });

  it('once the organization has verified domains (enterprise SSO), only addresses of those domains are provisioned', async () => {
    const k = await scimSetup(clients, { sso: { enabled: true, domainVerification: { enabled: false } } });
    const { owner, organizationId, token } = await k.tenant();
    // Before any verified domain: any address (the contract's default).
    expect((await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'first@anywhere.test' })).status).toBe(201);
    await k.ctx.adapter.create('ssoProvider', {
      providerId: 'acme-idp',
      issuer: 'https://idp.acme.test',
      domain: 'acme.test',
      domainVerified: true,
      userId: owner.id,
      organizationId,
    });
    const outside = await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'squat@victim.test' });
    expect(outside.status).toBe(400);
    expect(outside.data.scimType).toBe('invalidValue');
    expect(await k.ctx.adapter.count('user', [{ field: 'email', value: 'squat@victim.test' }])).toBe(0);
    expect((await k.scim(token, 'POST', '/Users', { schemas: [USER], userName: 'ok@acme.test' })).status).toBe(201);
    const sub = await k.createUser(token, { userName: 'ok@eu.acme.test' });
    const moved = await k.scim(token, 'PATCH', `/Users/${sub.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'userName', value: 'moved@victim.test' }],
    });
    expect(moved.status).toBe(400);
  });

  it('publishes which connection provisioned an account (for SSO linking), and nothing for other accounts', async () => {
    const k = await scimSetup(clients);
    const { owner, organizationId, token } = await k.tenant();
    const u = await k.createUser(token, { userName: 'seam@example.com' });
    const seam = scimSeam.get(k.ctx);
    expect(await seam.provisioningOf(k.ctx.adapter, await k.userIdOf(u.id))).toEqual({ organizationId, providerId: 'okta', active: true });
    expect(await seam.provisioningOf(k.ctx.adapter, owner.id)).toBeNull();
    await k.scim(token, 'DELETE', `/Users/${u.id}`);
    expect((await seam.provisioningOf(k.ctx.adapter, await k.userIdOf(u.id)))?.active).toBe(false);
  });
});
