import { ssoClient } from '@better-auth/sso/client';
import { createAuthClient } from 'better-auth/client';
import { organizationClient } from 'better-auth/client/plugins';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserFetch, type CookieJar, type TestClient, useTestClients } from '../../test-kit.js';
import { browserOf, TestIdp, postToAcs, setsSession, ssoOptions } from './test-kit.js';

/** better-auth 1.7's own `ssoClient()` drives the routes unchanged (issue 38: wire compatibility). */
let idp: TestIdp;
beforeAll(() => {
  idp = new TestIdp();
});
const clients = useTestClients();

function client(t: TestClient, jar: CookieJar) {
  const customFetchImpl = browserFetch(t, jar);
  return createAuthClient({ baseURL: `${t.baseURL}/api/auth`, fetchOptions: { customFetchImpl }, plugins: [organizationClient(), ssoClient()] });
}

describe("better-auth's ssoClient()", () => {
  it('registers, lists, gets, updates and deletes a provider, and starts a SAML sign-in that the ACS completes', async () => {
    const t = await clients.open(ssoOptions({ domainVerification: { enabled: false } }));
    t.clock.ms = Date.now();
    const jar = t.newJar();
    const app = client(t, jar);
    await app.signUp.email({ email: 'owner@acme.test', password: 'correct horse battery', name: 'Owner' });
    const org = await app.organization.create({ name: 'Acme', slug: 'acme' });
    expect(org.error).toBeNull();
    const reg = await app.sso.register({
      providerId: 'acme',
      issuer: 'https://idp.test.example',
      domain: 'acme.test',
      organizationId: org.data!.id,
      samlConfig: {
        entryPoint: idp.entryPoint,
        cert: idp.key.cert,
        callbackUrl: '/dashboard',
        idpMetadata: { entityID: idp.entityID },
        spMetadata: { entityID: 'https://sp.test/acme' },
        wantAssertionsSigned: true,
      },
    });
    expect(reg.error).toBeNull();
    expect(reg.data).toMatchObject({ providerId: 'acme', redirectURI: 'http://localhost:3000/api/auth/sso/callback/acme' });

    const list = await app.sso.providers();
    expect(list.data?.providers.map((p) => p.providerId)).toEqual(['acme']);
    const got = await app.sso.getProvider({ query: { providerId: 'acme' } });
    expect(got.data).toMatchObject({ providerId: 'acme', type: 'saml' });
    const updated = await app.sso.updateProvider({ providerId: 'acme', domain: 'acme.test,acme.example' });
    expect(updated.error).toBeNull();

    const signIn = await client(t, browserOf(t)).signIn.sso({ email: 'jane@acme.example', callbackURL: '/dashboard' });
    expect(signIn.error).toBeNull();
    expect(signIn.data).toMatchObject({ redirect: true });
    const { id, relayState } = TestIdp.authnRequest(signIn.data!.url);
    const res = await postToAcs(t, 'acme', {
      SAMLResponse: idp.response({
        inResponseTo: id,
        acs: 'http://localhost:3000/api/auth/sso/saml2/sp/acs/acme',
        audience: 'https://sp.test/acme',
        nameID: 'jane@acme.example',
      }),
      RelayState: relayState,
    });
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(setsSession(res)).toBe(true);

    const deleted = await app.sso.deleteProvider({ providerId: 'acme' });
    expect(deleted.data).toEqual({ success: true });
    expect((await app.sso.getProvider({ query: { providerId: 'acme' } })).error?.status).toBe(404);
  });
});
