import { beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, createAuth, type TestClient, useTestClients } from '../../test-kit.js';
import type { SSOOptions } from './config.js';
import { TestIdp, errorOf, ownerWithOrganization, postToAcs, setsSession, ssoOptions, browserOf } from './test-kit.js';

/** The provider registry and sign-in routing: permissions, messages, domain verification (CONTRACT.md "Enterprise SSO"). */
let idp: TestIdp;
beforeAll(() => {
  idp = new TestIdp();
});
const clients = useTestClients();

/** A TXT resolver the tests fill in: name → records. */
function dns() {
  const records = new Map<string, string[][]>();
  const resolveTxt = async (name: string) => {
    const found = records.get(name);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { records, resolveTxt };
}

function samlBody(providerId: string, domain: string, organizationId?: string, extra: Record<string, unknown> = {}) {
  return {
    providerId,
    issuer: 'https://idp.test.example',
    domain,
    ...(organizationId ? { organizationId } : {}),
    samlConfig: {
      entryPoint: idp.entryPoint,
      cert: idp.key.cert,
      idpMetadata: { entityID: idp.entityID },
      spMetadata: { entityID: `https://sp.test/${providerId}` },
    },
    ...extra,
  };
}

async function open(sso: SSOOptions = {}): Promise<TestClient> {
  const t = await clients.open(ssoOptions(sso));
  t.clock.ms = Date.now();
  return t;
}

/** Adds a plain member to the organization (through the adapter: invitations are not under test here). */
async function plainMember(t: TestClient, organizationId: string): Promise<CookieJar> {
  const jar = t.newJar();
  const { data } = await t.signUp({}, jar);
  const ctx = await t.auth.context();
  await ctx.adapter.create('member', { organizationId, userId: (data.user as { id: string }).id, role: 'member', createdAt: new Date() });
  return jar;
}

describe('registering providers', () => {
  it('401 signed out; 400 not a member; 403 plain member; 422 same providerId', async () => {
    const t = await open({ domainVerification: { enabled: false } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    const signedOut = await t.json('/sso/register', { body: samlBody('p1', 'acme.test', organizationId), jar: null });
    expect(signedOut.status).toBe(401);

    const stranger = t.newJar();
    await t.signUp({}, stranger);
    const notMember = await t.json('/sso/register', { body: samlBody('p1', 'acme.test', organizationId), jar: stranger });
    expect(notMember.status).toBe(400);
    expect(notMember.data).toMatchObject({ message: 'You are not a member of the organization' });

    const member = await plainMember(t, organizationId);
    const plain = await t.json('/sso/register', { body: samlBody('p1', 'acme.test', organizationId), jar: member });
    expect(plain.status).toBe(403);
    expect(plain.data).toMatchObject({ message: 'You must be an organization owner or admin to register SSO providers' });

    expect((await t.json('/sso/register', { body: samlBody('p1', 'acme.test', organizationId), jar: owner })).status).toBe(200);
    const twice = await t.json('/sso/register', { body: samlBody('p1', 'other.test', organizationId), jar: owner });
    expect(twice.status).toBe(422);
    expect(twice.data).toMatchObject({ message: 'SSO provider with this providerId already exists' });
  });

  it('answers the provider with its redirect URI, never a private key; bad input is a 400', async () => {
    const t = await open({ domainVerification: { enabled: false } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    const key = makeFakeKey();
    const res = await t.json<Record<string, unknown>>('/sso/register', {
      body: samlBody('acme', 'acme.test', organizationId, {
        samlConfig: {
          entryPoint: idp.entryPoint,
          cert: idp.key.cert,
          idpMetadata: { entityID: idp.entityID },
          spMetadata: { entityID: 'https://sp.test/acme', privateKey: key },
          privateKey: key,
        },
      }),
      jar: owner,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      providerId: 'acme',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      redirectURI: 'http://localhost:3000/api/auth/sso/callback/acme',
      samlConfig: { entryPoint: idp.entryPoint, idpMetadata: { entityID: idp.entityID }, spMetadata: { entityID: 'https://sp.test/acme' } },
    });
    expect(JSON.stringify(res.data)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(res.data)).not.toContain('privateKey');

    for (const body of [
      samlBody('bad-cert', 'acme.test', organizationId, { samlConfig: { entryPoint: idp.entryPoint, cert: 'not a certificate' } }),
      samlBody('bad-domain', 'acme..test', organizationId),
      { ...samlBody('no-config', 'acme.test', organizationId), samlConfig: undefined },
      samlBody('bad id!', 'acme.test', organizationId),
      samlBody('credential', 'acme.test', organizationId),
      { ...samlBody('bad-issuer', 'acme.test', organizationId), issuer: 'javascript:alert(1)' },
    ]) {
      const r = await t.json('/sso/register', { body, jar: owner });
      expect([400, 422]).toContain(r.status);
      expect(r.data).toHaveProperty('code');
    }
  });

  it('providers, get, update, delete: owners manage; a plain member sees none and gets 403; after delete 404', async () => {
    const t = await open({ domainVerification: { enabled: false } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', { body: samlBody('acme', 'acme.test', organizationId), jar: owner });
    const list = await t.json<{ providers: Record<string, unknown>[] }>('/sso/providers', { jar: owner });
    expect(list.data.providers).toEqual([
      expect.objectContaining({
        providerId: 'acme',
        type: 'saml',
        issuer: 'https://idp.test.example',
        domain: 'acme.test',
        organizationId,
        domainVerified: false,
        spMetadataUrl: 'http://localhost:3000/api/auth/sso/saml2/sp/metadata?providerId=acme',
      }),
    ]);
    const member = await plainMember(t, organizationId);
    expect((await t.json<{ providers: unknown[] }>('/sso/providers', { jar: member })).data.providers).toEqual([]);
    for (const call of [
      () => t.json('/sso/get-provider?providerId=acme', { jar: member }),
      () => t.json('/sso/update-provider', { body: { providerId: 'acme', domain: 'evil.test' }, jar: member }),
      () => t.json('/sso/delete-provider', { body: { providerId: 'acme' }, jar: member }),
    ]) {
      const r = await call();
      expect(r.status).toBe(403);
      expect(r.data).toMatchObject({ message: "You don't have access to this provider" });
    }
    const got = await t.json('/sso/get-provider?providerId=acme', { jar: owner });
    expect(got.data).toMatchObject({ providerId: 'acme', type: 'saml' });
    const updated = await t.json('/sso/update-provider', {
      body: { providerId: 'acme', domain: 'acme.example', samlConfig: { entryPoint: 'https://idp.test.example/sso2' } },
      jar: owner,
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ domain: 'acme.example', samlConfig: { entryPoint: 'https://idp.test.example/sso2' } });

    expect((await t.json('/sso/delete-provider', { body: { providerId: 'acme' }, jar: owner })).data).toEqual({ success: true });
    const gone = await t.json('/sso/get-provider?providerId=acme', { jar: owner });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ message: 'Provider not found' });
    const signIn = await t.json('/sign-in/sso', { body: { providerId: 'acme', callbackURL: '/' }, jar: browserOf(t) });
    expect(signIn.status).toBe(404);
  });
});

describe('starting a sign-in', () => {
  it('400 without a target; 404 for an unknown domain; 403 for untrusted callback URLs', async () => {
    const t = await open({ domainVerification: { enabled: false } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', { body: samlBody('acme', 'acme.test', organizationId), jar: owner });
    const none = await t.json('/sign-in/sso', { body: { callbackURL: '/' }, jar: browserOf(t) });
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({ message: 'email, organizationSlug, domain or providerId is required' });
    const unknown = await t.json('/sign-in/sso', { body: { email: 'a@nowhere.test', callbackURL: '/' }, jar: browserOf(t) });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ message: 'No provider found for the issuer' });
    for (const [field, code, message] of [
      ['callbackURL', 'INVALID_CALLBACK_URL', 'Invalid callbackURL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL', 'Invalid errorCallbackURL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL', 'Invalid newUserCallbackURL'],
    ]) {
      for (const bad of ['https://evil.example/x', '//evil.example/x']) {
        const r = await t.json('/sign-in/sso', { body: { email: 'a@acme.test', callbackURL: '/', [field as string]: bad }, jar: browserOf(t) });
        expect(r.status).toBe(403);
        expect(r.data).toEqual({ code, message });
      }
    }
    for (const body of [{ email: 'a@acme.test' }, { domain: 'ACME.test' }, { organizationSlug: 'acme' }, { providerId: 'acme' }]) {
      const r = await t.json<{ url: string }>('/sign-in/sso', { body: { ...body, callbackURL: '/' }, jar: browserOf(t) });
      expect(r.status).toBe(200);
      expect(r.data.url.startsWith(`${idp.entryPoint}?SAMLRequest=`)).toBe(true);
    }
  });
});

describe('domain verification (on by default; stricter than better-auth)', () => {
  it('an unverified domain routes nothing by email; the TXT record verifies it; one organization per domain', async () => {
    const { records, resolveTxt } = dns();
    const t = await open({ domainVerification: { resolveTxt } });
    // The squatter registers the domain first.
    const squatter = t.newJar();
    const squat = await ownerWithOrganization(t, squatter, 'squat');
    const first = await t.json<{ domainVerificationToken: string }>('/sso/register', {
      body: samlBody('squat', 'acme.test', squat.organizationId),
      jar: squatter,
    });
    expect(first.status).toBe(200);
    expect(first.data.domainVerificationToken).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await t.json('/sign-in/sso', { body: { email: 'bob@acme.test', callbackURL: '/' }, jar: browserOf(t) })).status).toBe(404);
    // Reached by providerId, but it may assert no address (its domain is not verified).
    expect((await t.json('/sign-in/sso', { body: { providerId: 'squat', callbackURL: '/' }, jar: browserOf(t) })).status).toBe(200);

    const owner = t.newJar();
    const acme = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', { body: samlBody('acme', 'acme.test', acme.organizationId), jar: owner });
    const token = await t.json<{ domainVerificationToken: string; txtRecordName: string }>('/sso/request-domain-verification', {
      body: { providerId: 'acme' },
      jar: owner,
    });
    expect(token.data.txtRecordName).toBe('_better-auth-token-acme');
    const early = await t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner });
    expect(early.status).toBe(400);
    expect(early.data).toMatchObject({ code: 'DOMAIN_VERIFICATION_FAILED' });
    records.set('_better-auth-token-acme.acme.test', [[`_better-auth-token-acme=${token.data.domainVerificationToken}`]]);
    const ok = await t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner });
    expect(ok.status).toBe(200);
    expect((await t.json<{ providers: { domainVerified: boolean }[] }>('/sso/providers', { jar: owner })).data.providers[0]!.domainVerified).toBe(true);

    const routed = await t.json<{ url: string }>('/sign-in/sso', { body: { email: 'bob@acme.test', callbackURL: '/' }, jar: browserOf(t) });
    expect(routed.status).toBe(200);
    expect(new URL(routed.data.url).searchParams.get('SAMLRequest')).toBeTruthy();
    const { xml } = TestIdp.authnRequest(routed.data.url);
    expect(xml).toContain('https://sp.test/acme<');

    // The squatter now publishes its own record: the domain is taken.
    const squatToken = await t.json<{ domainVerificationToken: string }>('/sso/request-domain-verification', { body: { providerId: 'squat' }, jar: squatter });
    records.set('_better-auth-token-squat.acme.test', [[squatToken.data.domainVerificationToken]]);
    const taken = await t.json('/sso/verify-domain', { body: { providerId: 'squat' }, jar: squatter });
    expect(taken.status).toBe(400);
    expect(taken.data).toMatchObject({ code: 'DOMAIN_TAKEN' });
    // Changing the domain of a verified provider un-verifies it.
    await t.json('/sso/update-provider', { body: { providerId: 'acme', domain: 'acme.example' }, jar: owner });
    expect((await t.json('/sign-in/sso', { body: { email: 'bob@acme.example', callbackURL: '/' }, jar: browserOf(t) })).status).toBe(404);
  });

  it('an IdP may assert only addresses of its verified domain unless the organization opts out', async () => {
    const { records, resolveTxt } = dns();
    const t = await open({ domainVerification: { resolveTxt } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    const reg = await t.json<{ domainVerificationToken: string }>('/sso/register', { body: samlBody('acme', 'acme.test', organizationId), jar: owner });
    records.set('_better-auth-token-acme.acme.test', [[reg.data.domainVerificationToken]]);
    expect((await t.json('/sso/verify-domain', { body: { providerId: 'acme' }, jar: owner })).status).toBe(200);
    const acs = 'http://localhost:3000/api/auth/sso/saml2/sp/acs/acme';
    const signIn = async (email: string) => {
      const r = await t.json<{ url: string }>('/sign-in/sso', {
        body: { providerId: 'acme', callbackURL: '/in', errorCallbackURL: '/error' },
        jar: browserOf(t),
      });
      const { id, relayState } = TestIdp.authnRequest(r.data.url);
      return postToAcs(t, 'acme', {
        SAMLResponse: idp.response({ inResponseTo: id, acs, audience: 'https://sp.test/acme', nameID: email }),
        RelayState: relayState,
      });
    };
    const foreign = await signIn('ceo@victim.test');
    expect(errorOf(foreign)).toBe('email_domain_not_allowed');
    expect(setsSession(foreign)).toBe(false);
    const ctx = await t.auth.context();
    expect(await ctx.adapter.count('user', [{ field: 'email', value: 'ceo@victim.test' }])).toBe(0);
    const own = await signIn('bob@acme.test');
    expect(own.headers.get('location')).toBe('/in');
    const sub = await signIn('eve@eu.acme.test');
    expect(sub.headers.get('location')).toBe('/in');

    await t.json('/sso/update-provider', { body: { providerId: 'acme', allowAnyEmailDomain: true }, jar: owner });
    expect((await signIn('contractor@agency.test')).headers.get('location')).toBe('/in');
  });

  it('with domainVerification off, better-auth routing: the first provider registered for the domain', async () => {
    const t = await open({ domainVerification: { enabled: false } });
    const owner = t.newJar();
    const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
    await t.json('/sso/register', { body: samlBody('first', 'acme.test', organizationId), jar: owner });
    // MySQL keeps whole seconds: the second registration is a moment later.
    t.clock.advance(2);
    await t.json('/sso/register', { body: samlBody('second', 'acme.test', organizationId), jar: owner });
    const r = await t.json<{ url: string }>('/sign-in/sso', { body: { email: 'x@acme.test', callbackURL: '/' }, jar: browserOf(t) });
    expect(TestIdp.authnRequest(r.data.url).xml).toContain('https://sp.test/first<');
    const v = await t.json('/sso/verify-domain', { body: { providerId: 'first' }, jar: owner });
    expect(v.status).toBe(400);
  });
});

describe('options', () => {
  it('describes its routes in /openapi.json and says so in /providers', async () => {
    const t = await open();
    const doc = await t.json<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.data.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sso/register', '/api/auth/sign-in/sso', '/api/auth/sso/providers', '/api/auth/sso/saml2/sp/acs/{providerId}']),
    );
    const features = await t.json<Record<string, unknown>>('/providers');
    expect(JSON.stringify(features.data)).toContain('"sso":true');
  });

  it('refuses an unknown sso option key, naming it', () => {
    expect(() => createAuth({ database: ':memory:', organization: { enabled: true }, sso: { enabled: true, domainVerificaton: {} } as never })).toThrow(
      /sso\.domainVerificaton/,
    );
  });
});

/** A PEM-shaped private key (never used to sign: only to check it is not echoed). */
function makeFakeKey(): string {
  return idp.key.privateKey;
}
