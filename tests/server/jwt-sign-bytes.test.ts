import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { jwtOf } from '../../packages/core/src/plugins/jwt/state.js';
import { useTestClients } from '../../packages/core/src/test-kit.js';

/**
 * GET /token signs with node:crypto on the main thread (issue 40: WebCrypto's job on the thread
 * pool was half a token's CPU). Ed25519 signatures are deterministic, so the token must be, byte
 * for byte, the one jose's SignJWT makes with the same key, header and claims.
 */
const clients = useTestClients();

describe('jwt: GET /token signed by node:crypto', () => {
  it('is byte for byte the token jose signs (EdDSA), with definePayload’s claims first', async () => {
    const t = await clients.open({ jwt: { enabled: true, definePayload: (s) => ({ email: s.user.email, roles: ['a', 'b'], iss: 'overridden' }) } });
    await t.signUp({ name: 'Ada' });
    const jwt = (await t.json<{ token: string }>('/token')).data.token;
    const ctx = await t.auth.context();
    const { keys, config } = jwtOf(ctx);
    const signing = await keys.signingKey();
    const rows = await ctx.adapter.findMany<{ id: string; privateKey: string }>('jwks', {});
    const sealed = rows.find((r) => r.id === signing.kid)?.privateKey;
    const key = await importJWK(JSON.parse(ctx.encrypter.decrypt(sealed ?? '') ?? '{}') as JWK, 'EdDSA');
    const claims = decodeJwt(jwt);
    expect(Object.keys(claims)).toEqual(['email', 'roles', 'iss', 'aud', 'sub', 'iat', 'exp']);
    expect(claims.iss).toBe(config.issuer);
    const { iss: _iss, aud: _aud, sub, iat, exp, ...own } = claims;
    const byJose = await new SignJWT({ ...own, iss: 'overridden' })
      .setProtectedHeader({ alg: 'EdDSA', kid: signing.kid, typ: 'JWT' })
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setSubject(String(sub))
      .setIssuedAt(Number(iat))
      .setExpirationTime(Number(exp))
      .sign(key);
    expect(jwt).toBe(byJose);
  });

  it('is jose’s token with plain claims too (their text kept per user): other seconds, a changed name, several users, non-ASCII text', async () => {
    const t = await clients.open({ jwt: { enabled: true } });
    const ctx = await t.auth.context();
    const { keys, config } = jwtOf(ctx);
    const byJose = async (jwt: string) => {
      const signing = await keys.signingKey();
      const rows = await ctx.adapter.findMany<{ id: string; privateKey: string }>('jwks', {});
      const key = await importJWK(JSON.parse(ctx.encrypter.decrypt(rows.find((r) => r.id === signing.kid)?.privateKey ?? '') ?? '{}') as JWK, 'EdDSA');
      const { iss: _iss, aud: _aud, sub, iat, exp, ...own } = decodeJwt(jwt);
      expect(Object.keys(own)).toEqual(['email', 'name']);
      return new SignJWT({ ...own })
        .setProtectedHeader({ alg: 'EdDSA', kid: signing.kid, typ: 'JWT' })
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setSubject(String(sub))
        .setIssuedAt(Number(iat))
        .setExpirationTime(Number(exp))
        .sign(key);
    };
    const token = async () => (await t.json<{ token: string }>('/token')).data.token;
    // Names of 1 to 4 bytes a character, so that the kept text ends at every place in a group of three.
    for (const name of ['Ada', 'Zoë', 'Zoë L', '李小龍', 'Ω😀x', 'x😀']) {
      await t.signUp({ name });
      const first = await token();
      expect(first).toBe(await byJose(first));
      expect(decodeJwt(first).name).toBe(name);
      t.clock.advance(1_000);
      const later = await token();
      expect(later).not.toBe(first);
      expect(later).toBe(await byJose(later));
      const renamed = `${name} again`;
      await t.json('/update-user', { method: 'POST', body: { name: renamed } });
      const after = await token();
      expect(decodeJwt(after).name).toBe(renamed);
      expect(after).toBe(await byJose(after));
    }
  });
});
