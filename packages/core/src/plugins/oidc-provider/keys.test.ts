import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { codeFor, ISSUER, registerApp, relyingParty } from './test-kit.js';

const clients = useTestClients();

describe('oidcProvider: signing keys that rotate', () => {
  it('a new key signs after the interval; the old one stays published until its ID tokens expire, then goes', async () => {
    const t = await clients.open({ oidcProvider: { enabled: true, keyRotationInterval: 3600, idTokenTTL: 600 } });
    await t.signUp();
    const app = await registerApp(t, { firstParty: true });
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const idToken = async () => {
      const { callback, verifier, state, nonce } = await codeFor(t, rp);
      return (await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })).id_token!;
    };
    const jwks = async () => (await t.json<JSONWebKeySet>('/oidc/jwks')).data;
    const verify = async (token: string, set: JSONWebKeySet) =>
      (await jwtVerify(token, createLocalJWKSet(set), { issuer: ISSUER, audience: app.clientId })).payload;

    const before = await idToken();
    const oldKid = decodeProtectedHeader(before).kid!;
    expect((await jwks()).keys.map((k) => k.kid)).toContain(oldKid);

    t.clock.advance(3601);
    const after = await idToken();
    const newKid = decodeProtectedHeader(after).kid!;
    expect(newKid).not.toBe(oldKid);
    const published = await jwks();
    // Both verify against the published set: the old key for tokens signed before the rotation.
    expect((await verify(before, published)).sub).toBe((await verify(after, published)).sub);
    expect(published.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'ES256', 'RS256', 'RS256']);
    expect(published.keys.every((k) => k.d === undefined)).toBe(true);

    // Past the old key's last ID token (600 s) and the margin: no longer published, and deleted at the next rotation.
    t.clock.advance(1201);
    const later = await jwks();
    expect(later.keys.map((k) => k.kid)).not.toContain(oldKid);
    expect(later.keys.map((k) => k.kid)).toContain(newKid);
    await expect(verify(before, later)).rejects.toThrow();
    t.clock.advance(3600);
    await idToken();
    const rows = await (await t.auth.context()).adapter.findMany<{ kid: string; privateKey: string }>('oidcSigningKey');
    expect(rows.map((r) => r.kid)).not.toContain(oldKid);
    expect(rows.every((r) => r.privateKey.startsWith('v1.'))).toBe(true);
  });
});
