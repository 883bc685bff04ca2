import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { browserOf, type KeyPair, makeKeyPair, ownerWithOrganization, postToAcs, TestIdp, ssoOptions } from './test-kit.js';

/**
 * SAML single logout (issue 38) over HTTP against the test IdP: SP-initiated from the app's
 * sign-out (and better-auth's /sso/saml2/logout/:providerId), the IdP's LogoutResponse checked
 * (signature, issuer, InResponseTo of this browser's request, once); IdP-initiated LogoutRequests
 * (signature, issuer, replay, SessionIndex) by both bindings, answered with a LogoutResponse.
 */
const BASE = 'http://localhost:3000/api/auth';
const ACS = `${BASE}/sso/saml2/sp/acs/acme`;
const SLO = `${BASE}/sso/saml2/sp/slo/acme`;
const SP_ENTITY = 'https://sp.gatehouse.test/acme';
const IDP_SLO = 'https://idp.test.example/slo';

let idp: TestIdp;
let attacker: KeyPair;
let spKey: KeyPair;
beforeAll(() => {
  idp = new TestIdp();
  attacker = makeKeyPair('attacker');
  spKey = makeKeyPair('sp');
});
const clients = useTestClients();
const owners = new WeakMap<TestClient, CookieJar>();

/** A connection of acme's organization from the IdP's metadata (its SingleLogoutService included), or without SLO. */
async function setup(o: { slo?: boolean; signed?: boolean } = {}): Promise<TestClient> {
  const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }));
  t.clock.ms = Date.now();
  const owner = t.newJar();
  const { organizationId } = await ownerWithOrganization(t, owner, 'acme');
  const metadata = idp.metadata();
  const reg = await t.json('/sso/register', {
    jar: owner,
    body: {
      providerId: 'acme',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId,
      samlConfig: {
        idpMetadata: { metadata: o.slo === false ? metadata.replace(/<md:SingleLogoutService[^>]*\/>/, '') : metadata },
        spMetadata: { entityID: SP_ENTITY, ...(o.signed ? { privateKey: spKey.privateKey } : {}) },
        ...(o.signed ? { authnRequestsSigned: true } : {}),
      },
    },
  });
  expect(reg.status).toBe(200);
  owners.set(t, owner);
  return t;
}

/** Signs alice in through the IdP in `jar` (the test's browser by default); answers the SessionIndex the IdP gave. */
async function signIn(t: TestClient, jar: CookieJar = browserOf(t), sessionIndex = `_s${Math.random().toString(36).slice(2)}`): Promise<string> {
  const r = await t.json<{ url: string }>('/sign-in/sso', { body: { providerId: 'acme', callbackURL: '/dashboard' }, jar });
  const { id, relayState } = TestIdp.authnRequest(r.data.url);
  const res = await postToAcs(
    t,
    'acme',
    {
      SAMLResponse: idp.response({
        inResponseTo: id,
        acs: ACS,
        audience: SP_ENTITY,
        nameID: 'alice@acme.test',
        sessionIndex,
        attributes: { email: 'alice@acme.test' },
      }),
      RelayState: relayState,
    },
    jar,
    true,
  );
  expect(res.headers.get('location')).toBe('/dashboard');
  return sessionIndex;
}

const signedIn = async (t: TestClient, jar: CookieJar) => (await t.json<{ user?: unknown } | null>('/get-session', { jar })).data?.user !== undefined;

/** The IdP's answer to a LogoutRequest, by HTTP-Redirect, to the SLO endpoint. */
const logoutResponse = (t: TestClient, jar: CookieJar | null, inResponseTo: string, o: { key?: KeyPair | null; issuer?: string; status?: string } = {}) =>
  t.request(
    `${SLO}?${idp.redirectQuery('SAMLResponse', idp.logoutResponseXml({ destination: SLO, inResponseTo, issuer: o.issuer, status: o.status }), { key: o.key })}`,
    {
      jar,
    },
  );

describe('SAML single logout: SP-initiated', () => {
  it('the SP metadata lists the SingleLogoutService (both bindings); the connection shows the IdP SLO URL from its metadata and the SP SLO URL', async () => {
    const t = await setup();
    const xml = await (await t.request('/sso/saml2/sp/metadata?providerId=acme')).text();
    expect(xml).toMatch(new RegExp(`SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\\.0:bindings:HTTP-POST" Location="${SLO}"`));
    expect(xml).toMatch(new RegExp(`SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\\.0:bindings:HTTP-Redirect" Location="${SLO}"`));
    const list = await t.json<{ providers: { samlConfig: { logoutUrl?: string }; spSloUrl?: string }[] }>('/sso/providers', { jar: owners.get(t) ?? null });
    expect(list.data.providers[0]).toMatchObject({ samlConfig: { logoutUrl: IDP_SLO }, spSloUrl: SLO });
    // The field replaces it; "" removes it (sign-out then stays local).
    const set = await t.json<{ samlConfig: { logoutUrl?: string } }>('/sso/update-provider', {
      jar: owners.get(t) ?? null,
      body: { providerId: 'acme', samlConfig: { logoutUrl: 'https://idp.test.example/other-slo' } },
    });
    expect(set.data.samlConfig.logoutUrl).toBe('https://idp.test.example/other-slo');
    const removed = await t.json<{ samlConfig: { logoutUrl?: string } }>('/sso/update-provider', {
      jar: owners.get(t) ?? null,
      body: { providerId: 'acme', samlConfig: { logoutUrl: '' } },
    });
    expect(removed.data.samlConfig.logoutUrl).toBeUndefined();
  });

  it('sign-out ends the session here, answers the IdP SLO URL with a LogoutRequest (NameID, SessionIndex); the IdP response lands on the app once', async () => {
    const t = await setup();
    const jar = browserOf(t);
    const sessionIndex = await signIn(t, jar);
    const out = await t.json<{ success: boolean; redirect?: boolean; url?: string }>('/sign-out', { method: 'POST', jar });
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ success: true, redirect: true });
    expect(out.data.url?.startsWith(`${IDP_SLO}?SAMLRequest=`)).toBe(true);
    expect(await signedIn(t, jar)).toBe(false);
    const request = TestIdp.logoutRequest(out.data.url as string);
    expect(request.xml).toContain('>alice@acme.test</saml:NameID>');
    expect(request.xml).toContain(`>${sessionIndex}</saml2p:SessionIndex>`);
    expect(request.xml).toContain(`>${SP_ENTITY}</saml:Issuer>`);
    expect(request.xml).toContain(`Destination="${IDP_SLO}"`);
    expect(request.params.get('Signature')).toBeNull();

    // Wrong InResponseTo, no signature, another key, another issuer, a failure status: refused, the request stays pending.
    expect((await logoutResponse(t, jar, `_${'A'.repeat(32)}`)).status).toBe(400);
    const unsigned = await logoutResponse(t, jar, request.id, { key: null });
    expect([unsigned.status, ((await unsigned.json()) as { code: string }).code]).toEqual([400, 'INVALID_LOGOUT_RESPONSE']);
    expect((await logoutResponse(t, jar, request.id, { key: attacker })).status).toBe(400);
    expect((await logoutResponse(t, jar, request.id, { issuer: 'https://evil.example' })).status).toBe(400);
    // Another browser (no flow cookie of this one) cannot spend this browser's request.
    expect((await logoutResponse(t, t.newJar(), request.id)).status).toBe(400);

    const back = await logoutResponse(t, jar, request.id);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
    // Replayed: the request was answered already.
    const replay = await logoutResponse(t, jar, request.id);
    expect([replay.status, ((await replay.json()) as { code: string }).code]).toEqual([400, 'INVALID_LOGOUT_RESPONSE']);
  });

  it('a failure status from the IdP is LOGOUT_FAILED_AT_IDP (the session here is ended already)', async () => {
    const t = await setup();
    const jar = browserOf(t);
    await signIn(t, jar);
    const out = await t.json<{ url: string }>('/sign-out', { method: 'POST', jar });
    const { id } = TestIdp.logoutRequest(out.data.url);
    const failure = (key?: KeyPair | null) =>
      idp.redirectQuery('SAMLResponse', idp.logoutResponseXml({ destination: SLO, inResponseTo: id, status: 'urn:oasis:names:tc:SAML:2.0:status:Responder' }), {
        key,
      });
    const forged = await t.request(`${SLO}?${failure(attacker)}`, { jar });
    expect([forged.status, ((await forged.json()) as { code: string }).code]).toEqual([400, 'INVALID_LOGOUT_RESPONSE']);
    const failed = await t.request(
      `${SLO}?${idp.redirectQuery('SAMLResponse', idp.logoutResponseXml({ destination: SLO, inResponseTo: id, status: 'urn:oasis:names:tc:SAML:2.0:status:Responder' }))}`,
      { jar },
    );
    expect([failed.status, ((await failed.json()) as { code: string }).code]).toEqual([400, 'LOGOUT_FAILED_AT_IDP']);
    expect(await signedIn(t, jar)).toBe(false);
  });

  it('POST /sso/saml2/logout/:providerId (better-auth) redirects to the IdP; the LogoutRequest is signed when the connection signs its requests', async () => {
    const t = await setup({ signed: true });
    const jar = browserOf(t);
    await signIn(t, jar);
    const res = await t.request('/sso/saml2/logout/acme', {
      method: 'POST',
      body: JSON.stringify({ callbackURL: '/bye' }),
      headers: { 'content-type': 'application/json' },
      jar,
    });
    expect(res.status).toBe(302);
    const url = res.headers.get('location') as string;
    expect(await signedIn(t, jar)).toBe(false);
    const { id, params } = TestIdp.logoutRequest(url);
    const signature = params.get('Signature');
    expect(params.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    // SAML bindings 3.4.4.1: the signature covers SAMLRequest=…&SigAlg=… as sent.
    const query = new URL(url).search.slice(1).split('&');
    const signed = query.filter((p) => /^(SAMLRequest|RelayState|SigAlg)=/.test(p)).join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(signed)
        .verify(spKey.cert, signature ?? '', 'base64'),
    ).toBe(true);
    const back = await logoutResponse(t, jar, id);
    expect(back.headers.get('location')).toBe('/bye');
  });

  it('a connection whose IdP has no SLO keeps the local sign-out: no url, and the SLO route says so', async () => {
    const t = await setup({ slo: false });
    const jar = browserOf(t);
    await signIn(t, jar);
    const out = await t.json<{ success: boolean; url?: string }>('/sign-out', { method: 'POST', jar });
    expect(out.data).toEqual({ success: true });
    expect(await signedIn(t, jar)).toBe(false);
    const again = browserOf(t);
    await signIn(t, again);
    const res = await t.json<{ code: string }>('/sso/saml2/logout/acme', { body: {}, jar: again });
    expect([res.status, res.data.code]).toEqual([400, 'IDP_SLO_NOT_SUPPORTED']);
  });
});

/** An IdP-initiated LogoutRequest by HTTP-Redirect. */
const logoutRequest = (
  t: TestClient,
  o: { id?: string; sessionIndex?: string; key?: KeyPair | null; issuer?: string; issueInstant?: number; nameID?: string },
  jar: CookieJar | null = null,
) =>
  t.request(
    `${SLO}?${idp.redirectQuery(
      'SAMLRequest',
      idp.logoutRequestXml({
        destination: SLO,
        nameID: o.nameID ?? 'alice@acme.test',
        sessionIndex: o.sessionIndex,
        id: o.id,
        issuer: o.issuer,
        issueInstant: o.issueInstant,
      }),
      { key: o.key, relayState: 'idp-relay' },
    )}`,
    { jar },
  );

describe('SAML single logout: IdP-initiated', () => {
  it('ends the session of its NameID and SessionIndex only, answers a LogoutResponse to the IdP; a replay is refused', async () => {
    const t = await setup();
    const first = t.newJar();
    const second = t.newJar();
    const index = await signIn(t, first);
    await signIn(t, second);
    const id = `_req${Math.random().toString(36).slice(2)}`;
    const res = await logoutRequest(t, { id, sessionIndex: index }, first);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(IDP_SLO);
    expect(location.searchParams.get('RelayState')).toBe('idp-relay');
    const { inflateRawSync } = await import('node:zlib');
    const answer = inflateRawSync(Buffer.from(location.searchParams.get('SAMLResponse') ?? '', 'base64')).toString('utf8');
    expect(answer).toContain(`InResponseTo="${id}"`);
    expect(answer).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(answer).toContain(`>${SP_ENTITY}</saml:Issuer>`);
    expect(res.headers.getSetCookie().some((c) => /session_token=;|session_token=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await signedIn(t, first)).toBe(false);
    expect(await signedIn(t, second)).toBe(true);

    const replay = await logoutRequest(t, { id });
    expect([replay.status, ((await replay.json()) as { code: string }).code]).toEqual([400, 'INVALID_LOGOUT_REQUEST']);
    expect(await signedIn(t, second)).toBe(true);
    // Without a SessionIndex: every session of the NameID.
    expect((await logoutRequest(t, {})).status).toBe(302);
    expect(await signedIn(t, second)).toBe(false);
  });

  it('refuses an unsigned, wrongly signed, foreign or stale LogoutRequest: nothing ends', async () => {
    const t = await setup();
    const jar = t.newJar();
    await signIn(t, jar);
    for (const bad of [{ key: null }, { key: attacker }, { issuer: 'https://evil.example' }, { issueInstant: Date.now() - 3600_000 }] as const) {
      const res = await logoutRequest(t, bad);
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'INVALID_LOGOUT_REQUEST']);
    }
    // Garbage, both messages at once, an unknown connection: 400 / 404, never a 500.
    expect((await t.request(`${SLO}?SAMLRequest=%%%`)).status).toBe(400);
    expect((await t.request(`${SLO}?SAMLRequest=AAAA&SAMLResponse=AAAA`)).status).toBe(400);
    expect((await t.request(`${SLO}?SAMLRequest=AAAA&SAMLRequest=BBBB`)).status).toBe(400);
    expect((await t.request(`${BASE}/sso/saml2/sp/slo/nope?SAMLRequest=AAAA`)).status).toBe(404);
    expect(await signedIn(t, jar)).toBe(true);
  });

  it('by HTTP-POST: an enveloped XML signature of the IdP is required', async () => {
    const t = await setup();
    const jar = t.newJar();
    await signIn(t, jar);
    const post = (xml: string) =>
      t.request(SLO, {
        method: 'POST',
        body: new URLSearchParams({ SAMLRequest: Buffer.from(xml).toString('base64') }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test.example' },
      });
    const xml = idp.logoutRequestXml({ destination: SLO, nameID: 'alice@acme.test' });
    expect((await post(xml)).status).toBe(400);
    expect((await post(idp.signRoot(xml, attacker))).status).toBe(400);
    expect(await signedIn(t, jar)).toBe(true);
    const ok = await post(idp.signRoot(xml));
    expect(ok.status).toBe(302);
    expect(await signedIn(t, jar)).toBe(false);
  });
});
