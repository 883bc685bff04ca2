import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { useRedisStorages, useTestClients } from '../../test-kit.js';
import { codeFor, ISSUER, registerApp, relyingParty } from './test-kit.js';

/**
 * Against the real Redis of TEST_REDIS_URL (skipped when unset, unless CI=true), under a key
 * prefix of its own: two instances over one database and one Redis serve one provider.
 */
const redis = useRedisStorages('oidc');
const clients = useTestClients();
const files: string[] = [];

afterAll(async () => {
  for (const f of files) await rm(f, { force: true });
});

/** Two instances over one SQLite file and one Redis, the provider's storage on Redis. */
async function twoInstances() {
  const file = join(tmpdir(), `gh-oidc-${randomBytes(6).toString('hex')}.sqlite`);
  files.push(file);
  const storage = await redis.open();
  const options = { database: file, secondaryStorage: storage, oidcProvider: { enabled: true, storage: 'secondary-storage' as const } };
  const a = await clients.open(options);
  const b = await clients.open(options);
  await a.signUp({ name: 'Ada' });
  const app = await registerApp(a, { firstParty: true });
  return { a, b, app, rpA: await relyingParty(a, app.clientId, app.clientSecret), rpB: await relyingParty(b, app.clientId, app.clientSecret) };
}

describe.skipIf(!redis.url)('oidcProvider storage on the secondary storage (Redis)', () => {
  it('a code issued by one instance is exchanged at the other; a refresh token rotated at one is refused as reused at the other, with its family', async () => {
    const { a, rpA, rpB } = await twoInstances();
    const { callback, verifier, state, nonce } = await codeFor(a, rpA, { scope: 'openid email offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rpB, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.claims()!.sub).toBeTruthy();
    expect((await client.fetchUserInfo(rpA, tokens.access_token, tokens.claims()!.sub)).email).toMatch(/@example\.com$/);
    // The same code again, at the first instance: refused (it was consumed at the other).
    await expect(
      client.authorizationCodeGrant(rpA, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const second = await codeFor(a, rpA, { scope: 'openid offline_access', prompt: 'consent' });
    const fresh = await client.authorizationCodeGrant(rpA, second.callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
    });
    const rotated = await client.refreshTokenGrant(rpA, fresh.refresh_token!);
    await expect(client.refreshTokenGrant(rpB, fresh.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // Reuse revoked the whole family: the rotated token is refused too, at either instance.
    await expect(client.refreshTokenGrant(rpA, rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // Nothing of the protocol went to the database.
    expect(await (await a.auth.context()).adapter.count('oidcModel')).toBe(0);
  });

  it('revoking the consent at one instance revokes the tokens at the other; a new consent works again', async () => {
    const { a, b, app, rpA, rpB } = await twoInstances();
    const { callback, verifier, state, nonce } = await codeFor(a, rpA, { scope: 'openid offline_access', prompt: 'consent' });
    const tokens = await client.authorizationCodeGrant(rpA, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    // The person's session is valid at either instance (same database): revoke at b with a's cookies.
    expect((await b.json('/oauth2/revoke-consent', { jar: a.jar, body: { clientId: app.clientId } })).data).toEqual({ status: true });
    await expect(client.refreshTokenGrant(rpA, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(rpB, tokens.access_token, tokens.claims()!.sub)).rejects.toThrow();
    // Revocation is of the grants before it: a sign-in after it gets working tokens.
    await new Promise((ok) => setTimeout(ok, 5));
    const again = await codeFor(a, rpA, { scope: 'openid offline_access', prompt: 'consent' });
    const after = await client.authorizationCodeGrant(rpB, again.callback, {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    });
    expect((await client.refreshTokenGrant(rpA, after.refresh_token!)).access_token).toBeTruthy();
  });

  it('redeems a code once when ten requests race with it at two instances: one token set, the others invalid_grant', async () => {
    const { a, rpA, rpB } = await twoInstances();
    const { callback, verifier, state, nonce } = await codeFor(a, rpA, { scope: 'openid email', prompt: 'consent' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        client.authorizationCodeGrant(i % 2 ? rpB : rpA, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { error?: string }).error] : []))).toEqual(Array(9).fill('invalid_grant'));
  });

  it('takes a DPoP proof once when ten requests send it at once at two instances: one token, nine replays', async () => {
    const { a, b } = await twoInstances();
    const worker = await registerApp(a, { name: 'Worker', redirectURIs: [], settings: { requireDPoP: true } });
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const proof = await new SignJWT({ htm: 'POST', htu: `${ISSUER}/oidc/token`, jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(publicKey) })
      .setIssuedAt()
      .sign(privateKey);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b : a).auth.handler(
          new Request(`${ISSUER}/oidc/token`, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials' }),
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Basic ${btoa(`${worker.clientId}:${worker.clientSecret}`)}`,
              dpop: proof,
            },
          }),
          { ip: '127.0.0.1' },
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
  });
});

describe('oidcProvider storage option', () => {
  it('refuses to start on the secondary storage when none is configured', async () => {
    await expect(clients.open({ oidcProvider: { enabled: true, storage: 'secondary-storage' } })).rejects.toThrow(
      'oidcProvider.storage is "secondary-storage" but no secondaryStorage (REDIS_URL) is configured',
    );
  });
});
