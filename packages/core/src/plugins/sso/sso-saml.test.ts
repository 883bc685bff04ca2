import { createVerify } from 'node:crypto';
import querystring from 'node:querystring';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import type { SSOOptions } from './config.js';
import { TestIdp, makeKeyPair, type KeyPair, errorOf, ownerWithOrganization, postToAcs, setsSession, ssoOptions, browserOf } from './test-kit.js';

/**
 * The SAML 2.0 service provider over HTTP against a test IdP with its own keys (test-idp.ts):
 * register, SP metadata, SP-initiated sign-in, the ACS and every refusal CONTRACT.md names.
 */
const BASE = 'http://localhost:3000/api/auth';
const ACS = `${BASE}/sso/saml2/sp/acs/acme-saml`;
const SP_ENTITY = 'https://sp.gatehouse.test/acme';

let idp: TestIdp;
let attacker: KeyPair;
beforeAll(() => {
  idp = new TestIdp();
  attacker = makeKeyPair('attacker');
});
const clients = useTestClients();

interface Setup {
  t: TestClient;
  owner: CookieJar;
  organizationId: string;
}

async function setup(sso: SSOOptions = { domainVerification: { enabled: false } }): Promise<Setup> {
  const t = await clients.open(ssoOptions(sso));
  // node-saml checks times against the real clock; the instance's clock must agree.
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  const reg = await t.json('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme-saml',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      samlConfig: {
        entryPoint: idp.entryPoint,
        cert: idp.key.cert,
        idpMetadata: { entityID: idp.entityID },
        spMetadata: { entityID: SP_ENTITY },
        wantAssertionsSigned: true,
      },
    },
  });
  expect(reg.status).toBe(200);
  return { t, owner, organizationId };
}

/** Starts a sign-in; answers the AuthnRequest's ID and the RelayState. */
async function start(t: TestClient, body: Record<string, unknown> = {}) {
  const r = await t.json<{ url: string; redirect: boolean }>('/sign-in/sso', {
    body: { providerId: 'acme-saml', callbackURL: '/dashboard', errorCallbackURL: '/sign-in', ...body },
    jar: browserOf(t),
  });
  expect(r.status).toBe(200);
  expect(r.data.redirect).toBe(true);
  return { url: r.data.url, ...TestIdp.authnRequest(r.data.url) };
}

const alice = { nameID: 'alice@acme.test', attributes: { email: 'Alice@Acme.test', givenName: 'Alice', surname: 'Smith' } };
const base = (id: string) => ({ ...alice, inResponseTo: id, acs: ACS, audience: SP_ENTITY });

describe('SAML service provider', () => {
  it('serves SP metadata with the entity ID and the HTTP-POST ACS; unknown provider → 404', async () => {
    const { t } = await setup();
    const res = await t.request('/sso/saml2/sp/metadata?providerId=acme-saml');
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${SP_ENTITY}"`);
    expect(xml).toMatch(/AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"/);
    expect(xml).toContain(`Location="${ACS}"`);
    const none = await t.json('/sso/saml2/sp/metadata?providerId=nope');
    expect(none.status).toBe(404);
    expect(none.data).toMatchObject({ message: 'No provider found for the given providerId' });
  });

  it('sends an AuthnRequest by HTTP-Redirect: ID, ACS URL, SP entity ID as Issuer, opaque RelayState', async () => {
    const { t } = await setup();
    const { url, id, xml, relayState } = await start(t);
    expect(url.startsWith(`${idp.entryPoint}?SAMLRequest=`)).toBe(true);
    expect(id).toMatch(/^_[A-Za-z0-9]+$/);
    expect(xml).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(xml).toMatch(new RegExp(`<saml:Issuer[^>]*>${SP_ENTITY}</saml:Issuer>`));
    expect(relayState).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('signs in: JIT user (email lower-cased, name from attributes, not verified), member of the organization once; same NameID = same user', async () => {
    const { t, owner, organizationId } = await setup();
    const first = await start(t);
    const jar = t.newJar();
    const res = await postToAcs(
      t,
      'acme-saml',
      { SAMLResponse: idp.response({ ...alice, inResponseTo: first.id, acs: ACS, audience: SP_ENTITY }), RelayState: first.relayState },
      jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const s = await t.json<{ user: { id: string; email: string; name: string; emailVerified: boolean } }>('/get-session', { jar });
    expect(s.data.user).toMatchObject({ email: 'alice@acme.test', name: 'Alice Smith', emailVerified: false });

    const second = await start(t);
    const jar2 = t.newJar();
    const again = await postToAcs(
      t,
      'acme-saml',
      { SAMLResponse: idp.response({ ...alice, inResponseTo: second.id, acs: ACS, audience: SP_ENTITY }), RelayState: second.relayState },
      jar2,
    );
    expect(again.headers.get('location')).toBe('/dashboard');
    const s2 = await t.json<{ user: { id: string } }>('/get-session', { jar: jar2 });
    expect(s2.data.user.id).toBe(s.data.user.id);

    const members = await t.json<{ members: { userId: string; role: string }[] }>(`/organization/list-members?organizationId=${organizationId}`, {
      jar: owner,
    });
    expect(members.data.members.filter((m) => m.userId === s.data.user.id)).toEqual([expect.objectContaining({ role: 'member' })]);
  });

  it('lands a new user on newUserCallbackURL', async () => {
    const { t } = await setup();
    const r = await start(t, { newUserCallbackURL: '/welcome' });
    const res = await postToAcs(t, 'acme-saml', {
      SAMLResponse: idp.response({ ...alice, inResponseTo: r.id, acs: ACS, audience: SP_ENTITY }),
      RelayState: r.relayState,
    });
    expect(res.headers.get('location')).toBe('/welcome');
  });

  type Case = [string, (id: string) => Parameters<TestIdp['response']>[0], string];
  const refusals: Case[] = [
    ['unsigned', (id) => ({ ...base(id), sign: 'none' }), 'saml_error'],
    ['signed by another key (its certificate in KeyInfo)', (id) => ({ ...base(id), key: attacker }), 'saml_error'],
    [
      'altered after signing',
      (id) => ({ ...base(id), after: (x) => x.replace('alice@acme.test</saml:NameID>', 'mallory@acme.test</saml:NameID>') }),
      'saml_error',
    ],
    ['expired', (id) => ({ ...base(id), validFor: -600 }), 'saml_error'],
    ['for another audience', (id) => ({ ...base(id), audience: 'https://other-sp.example' }), 'invalid_saml_response'],
    ['for another Destination', (id) => ({ ...base(id), destination: 'https://other-sp.example/acs' }), 'invalid_saml_response'],
    ['for another bearer Recipient', (id) => ({ ...base(id), recipient: 'https://other-sp.example/acs' }), 'invalid_saml_response'],
    ['answering an unknown request (InResponseTo)', () => base('_unknown-request'), 'invalid_saml_response'],
    ['unsolicited (no InResponseTo)', () => ({ ...base(''), inResponseTo: null }), 'unsolicited_response'],
    ['from another issuer', (id) => ({ ...base(id), issuer: 'https://evil.example/idp' }), 'invalid_saml_response'],
  ];
  for (const [what, make, code] of refusals) {
    it(`refuses a response ${what}: ${code}, no session, nothing written`, async () => {
      const { t } = await setup();
      const r = await start(t);
      const jar = t.newJar();
      const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(make(r.id)), RelayState: r.relayState }, jar);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')?.startsWith('/sign-in?error=')).toBe(true);
      expect(errorOf(res)).toBe(code);
      expect(setsSession(res)).toBe(false);
      const ctx = await t.auth.context();
      expect(await ctx.adapter.count('user', [{ field: 'email', value: 'alice@acme.test' }])).toBe(0);
      expect(await ctx.adapter.count('user', [{ field: 'email', value: 'mallory@acme.test' }])).toBe(0);
    });
  }

  it('refuses signature wrapping: a forged assertion beside (or around) the signed one', async () => {
    const { t } = await setup();
    const ctx = await t.auth.context();
    // 1. A second, unsigned assertion for mallory put before the signed one.
    let r = await start(t);
    const evil = (x: string) => {
      const forged = x
        .slice(x.indexOf('<saml:Assertion'), x.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length)
        .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
        .replace(/ID="[^"]+"/, 'ID="_forged"')
        .replace(/alice@acme\.test/gi, 'mallory@acme.test');
      return x.replace('<saml:Assertion', `${forged}<saml:Assertion`);
    };
    let res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r.id), after: evil }), RelayState: r.relayState });
    expect(errorOf(res)).toBe('saml_error');
    expect(setsSession(res)).toBe(false);
    // 2. The signed assertion moved into an Extensions-like wrapper, a forged one in its place (same ID).
    r = await start(t);
    const wrap = (x: string) => {
      const signed = x.slice(x.indexOf('<saml:Assertion'), x.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length);
      const forged = signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '').replace(/alice@acme\.test/gi, 'mallory@acme.test');
      return x.replace(signed, `<samlp:Extensions>${signed}</samlp:Extensions>${forged}`);
    };
    res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r.id), after: wrap }), RelayState: r.relayState });
    expect(['saml_error', 'invalid_saml_response']).toContain(errorOf(res));
    expect(setsSession(res)).toBe(false);
    expect(await ctx.adapter.count('user', [{ field: 'email', value: 'mallory@acme.test' }])).toBe(0);
  });

  it('refuses comment injection in the NameID: the signed (canonical) value is what counts', async () => {
    const { t } = await setup({ domainVerification: { enabled: false } });
    const r = await start(t);
    const jar = t.newJar();
    // Signed as "alice@acme.test.evil.example"; a parser keeping the first text node would read "alice@acme.test".
    const res = await postToAcs(
      t,
      'acme-saml',
      { SAMLResponse: idp.response({ ...base(r.id), nameID: '', attributes: {}, nameIDXml: 'alice@acme.test<!---->.evil.example' }), RelayState: r.relayState },
      jar,
    );
    expect(res.headers.get('location')).toBe('/dashboard');
    const s = await t.json<{ user: { email: string } }>('/get-session', { jar });
    expect(s.data.user.email).toBe('alice@acme.test.evil.example');
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('account', [{ field: 'accountId', value: 'alice@acme.test' }])).toBe(0);
  });

  it('the same form posted twice signs in once; a new answer reusing an assertion ID → replay_detected', async () => {
    const { t } = await setup();
    const r = await start(t);
    const form = { SAMLResponse: idp.response({ ...base(r.id), assertionId: '_assertion-once' }), RelayState: r.relayState };
    expect(setsSession(await postToAcs(t, 'acme-saml', form))).toBe(true);
    const again = await postToAcs(t, 'acme-saml', form);
    expect(['invalid_saml_response', 'invalid_state', 'replay_detected']).toContain(errorOf(again));
    expect(setsSession(again)).toBe(false);
    const r2 = await start(t);
    const replay = await postToAcs(t, 'acme-saml', {
      SAMLResponse: idp.response({ ...base(r2.id), assertionId: '_assertion-once' }),
      RelayState: r2.relayState,
    });
    expect(errorOf(replay)).toBe('replay_detected');
    expect(setsSession(replay)).toBe(false);
  });

  it('an existing user with that email, not linked → callbackURL?error=account_not_linked, nothing linked', async () => {
    const { t } = await setup();
    await t.signUp({ email: 'alice@acme.test' }, t.newJar());
    const r = await start(t);
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState });
    expect(res.headers.get('location')).toBe('/dashboard?error=account_not_linked');
    expect(setsSession(res)).toBe(false);
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('account', [{ field: 'providerId', value: 'acme-saml' }])).toBe(0);
  });

  it('never 500s on garbage; GET on the ACS stays on the server', async () => {
    const { t } = await setup();
    for (const SAMLResponse of ['not base64 !!', Buffer.from('<not-xml').toString('base64'), Buffer.from('<Response><<<').toString('base64'), 'AAAA']) {
      const res = await postToAcs(t, 'acme-saml', { SAMLResponse, RelayState: (await start(t)).relayState });
      expect(res.status).toBe(302);
      expect(errorOf(res)).not.toBeNull();
    }
    const empty = await postToAcs(t, 'acme-saml', { SAMLResponse: '' });
    expect(empty.status).toBe(302);
    const get = await t.request('/sso/saml2/sp/acs/acme-saml?RelayState=https://evil.example/');
    expect(get.status).toBe(302);
    expect(get.headers.get('location')?.startsWith(`${BASE}/error`)).toBe(true);
    const unknown = await postToAcs(t, 'nope', { SAMLResponse: idp.response(base('_x')) });
    expect(unknown.status).toBe(302);
  });

  it('an expired sign-in request is refused', async () => {
    const { t } = await setup({ domainVerification: { enabled: false }, saml: { requestTTL: 60_000 } });
    const r = await start(t);
    t.clock.advance(61);
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState });
    expect(errorOf(res)).toBe('invalid_state');
    expect(setsSession(res)).toBe(false);
  });

  it('a provider id deleted and registered again by another organization inherits none of its users', async () => {
    const { t, owner } = await setup();
    const r = await start(t);
    expect(setsSession(await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState }))).toBe(true);
    await t.json('/sso/delete-provider', { body: { providerId: 'acme-saml' }, jar: owner });
    t.clock.advance(2);
    const mallory = t.newJar();
    const other = await ownerWithOrganization(t, mallory, 'mallory');
    const again = await t.json('/sso/register', {
      jar: mallory,
      body: {
        providerId: 'acme-saml',
        issuer: 'https://idp.test.example',
        domain: 'mallory.test',
        organizationId: other.organizationId,
        samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
      },
    });
    expect(again.status).toBe(200);
    const r2 = await start(t);
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r2.id)), RelayState: r2.relayState });
    expect(errorOf(res)).toBe('account_not_linked');
    expect(setsSession(res)).toBe(false);
  });

  it('IdP-initiated responses are accepted only with saml.allowIdpInitiated', async () => {
    const { t } = await setup({ domainVerification: { enabled: false }, saml: { allowIdpInitiated: true } });
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(''), inResponseTo: null }), RelayState: '/home' });
    expect(res.headers.get('location')).toBe('/home');
    expect(setsSession(res)).toBe(true);
    const evil = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(''), inResponseTo: null }), RelayState: 'https://evil.example/' });
    expect(evil.headers.get('location')).toBe('/');
  });

  it('serves a provider from the options (defaultSSO)', async () => {
    const t = await clients.open(
      ssoOptions({
        domainVerification: { enabled: false },
        defaultSSO: [
          {
            providerId: 'acme-saml',
            domain: 'acme.test',
            issuer: 'https://idp.test.example',
            samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: SP_ENTITY } },
          },
        ],
      }),
    );
    t.clock.ms = Date.now();
    const r = await start(t);
    const jar = t.newJar();
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState }, jar);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect((await t.json<{ user: { email: string } }>('/get-session', { jar })).data.user.email).toBe('alice@acme.test');
  });

  it('a response signed as a whole: only without wantAssertionsSigned; a certificate from a rotation list', async () => {
    const { t, owner } = await setup();
    // wantAssertionsSigned (the default): a signature over the response alone is not enough.
    const r0 = await start(t);
    const outer = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r0.id), sign: 'response' }), RelayState: r0.relayState });
    expect(errorOf(outer)).toBe('saml_error');
    await t.json('/sso/update-provider', { body: { providerId: 'acme-saml', samlConfig: { wantAssertionsSigned: false } }, jar: owner });
    const r = await start(t);
    const whole = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r.id), sign: 'response' }), RelayState: r.relayState });
    expect(whole.headers.get('location')).toBe('/dashboard');
    // Without wantAssertionsSigned, something must still be signed.
    const rn = await start(t);
    expect(errorOf(await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(rn.id), sign: 'none' }), RelayState: rn.relayState }))).toBe(
      'saml_error',
    );
    // The IdP rolls its key over: both certificates registered, the new key signs.
    const next = makeKeyPair('test-idp-next');
    const updated = await t.json('/sso/update-provider', { body: { providerId: 'acme-saml', samlConfig: { cert: [idp.key.cert, next.cert] } }, jar: owner });
    expect(updated.status).toBe(200);
    const r2 = await start(t);
    const rolled = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r2.id), key: next }), RelayState: r2.relayState });
    expect(rolled.headers.get('location')).toBe('/dashboard');
    const r3 = await start(t);
    const stranger = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r3.id), key: attacker }), RelayState: r3.relayState });
    expect(errorOf(stranger)).toBe('saml_error');
  });

  it('signs the AuthnRequest (HTTP-Redirect: SigAlg and Signature over the query) with authnRequestsSigned and the SP key', async () => {
    const { t, owner } = await setup();
    const sp = makeKeyPair('gatehouse-sp');
    const updated = await t.json('/sso/update-provider', {
      body: { providerId: 'acme-saml', samlConfig: { authnRequestsSigned: true, spMetadata: { privateKey: sp.privateKey } } },
      jar: owner,
    });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.data)).not.toContain('PRIVATE KEY');
    const { url } = await start(t);
    const q = new URL(url).searchParams;
    expect(q.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const signed = querystring.stringify({ SAMLRequest: q.get('SAMLRequest'), RelayState: q.get('RelayState'), SigAlg: q.get('SigAlg') });
    expect(createVerify('RSA-SHA256').update(signed).verify(sp.cert, q.get('Signature')!, 'base64')).toBe(true);
  });

  it('a DOCTYPE with entities (XXE, billion laughs) is refused, never expanded into a sign-in', async () => {
    const { t } = await setup();
    const r = await start(t);
    const doctype =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const evil = (x: string) => doctype + x.replace('alice@acme.test</saml:NameID>', '&x;&b;</saml:NameID>');
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response({ ...base(r.id), after: evil }), RelayState: r.relayState });
    expect(res.status).toBe(302);
    expect(errorOf(res)).toBe('saml_error');
    expect(setsSession(res)).toBe(false);
  });
});

describe('provisioning options', () => {
  it('disableImplicitSignUp: no new user unless the sign-in asked for it (requestSignUp)', async () => {
    const { t } = await setup({ domainVerification: { enabled: false }, disableImplicitSignUp: true });
    const r = await start(t);
    const refused = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState });
    expect(errorOf(refused)).toBe('signup_disabled');
    expect(setsSession(refused)).toBe(false);
    const asked = await start(t, { requestSignUp: true });
    const res = await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(asked.id)), RelayState: asked.relayState });
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('organizationProvisioning: another default role, or no membership at all', async () => {
    for (const [provisioning, expected] of [
      [{ defaultRole: 'admin' }, ['admin']],
      [{ disabled: true }, []],
    ] as const) {
      const { t, owner, organizationId } = await setup({ domainVerification: { enabled: false }, organizationProvisioning: provisioning });
      const r = await start(t);
      const jar = t.newJar();
      await postToAcs(t, 'acme-saml', { SAMLResponse: idp.response(base(r.id)), RelayState: r.relayState }, jar);
      const me = await t.json<{ user: { id: string } }>('/get-session', { jar });
      const members = await t.json<{ members: { userId: string; role: string }[] }>(`/organization/list-members?organizationId=${organizationId}`, {
        jar: owner,
      });
      expect(members.data.members.filter((m) => m.userId === me.data.user.id).map((m) => m.role)).toEqual(expected);
    }
  });

  it('providersLimit: a user registers at most that many; 0 turns registration off', async () => {
    const { t, owner, organizationId } = await setup({ domainVerification: { enabled: false }, providersLimit: 1 });
    const body = {
      providerId: 'second',
      issuer: 'https://idp.test.example',
      domain: 'b.test',
      organizationId,
      samlConfig: { entryPoint: idp.entryPoint, cert: idp.key.cert },
    };
    const over = await t.json('/sso/register', { body, jar: owner });
    expect(over.status).toBe(403);
    expect(over.data).toMatchObject({ message: 'You have reached the maximum number of SSO providers' });
    const off = await clients.open(ssoOptions({ providersLimit: 0 }));
    const jar = off.newJar();
    const { organizationId: org } = await ownerWithOrganization(off, jar, 'off');
    const refused = await off.json('/sso/register', { body: { ...body, organizationId: org }, jar });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ message: 'SSO provider registration is disabled' });
  });
});
