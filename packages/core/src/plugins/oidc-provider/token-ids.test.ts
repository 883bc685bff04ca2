import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { oidcState } from './state.js';
import { asAdmin, codeFor, ISSUER, registerApp, relyingParty, storedBefore } from './test-kit.js';

const clients = useTestClients();

/** The creation time, 8 characters of base 62 in byte order, then oidc-provider's 256 random bits in base64url. */
const ORDERED = /^[0-9A-Za-z]{8}[A-Za-z0-9_-]{43}$/;
const SORTED = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const madeAt = (id: string) => [...id.slice(0, 8)].reduce((t, c) => t * 62 + SORTED.indexOf(c), 0);

describe('oidcProvider: ids in creation order (token-ids.ts)', () => {
  it('makes the code, the grant and the tokens as the creation time and then 256 random bits, each row kept under it', async () => {
    const t = await asAdmin(clients);
    const app = await registerApp(t);
    const rp = await relyingParty(t, app.clientId, app.clientSecret);
    const before = Date.now();
    const { callback, verifier, state, nonce } = await codeFor(t, rp, { scope: 'openid email offline_access', prompt: 'consent' });
    const code = callback.searchParams.get('code')!;
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const after = Date.now();

    const db = (await t.auth.context()).adapter;
    const row = (key: string) => db.findOne<{ grantId: string | null; payload: Record<string, unknown> }>('oidcModel', [{ field: 'id', value: key }]);
    const access = await row(`AccessToken:${tokens.access_token}`);
    expect(access).not.toBeNull();
    expect(await row(`RefreshToken:${tokens.refresh_token}`)).not.toBeNull();
    expect(await row(`AuthorizationCode:${code}`)).not.toBeNull();
    const grantId = access!.grantId!;
    expect(await row(`Grant:${grantId}`)).not.toBeNull();
    for (const id of [code, tokens.access_token, tokens.refresh_token!, grantId]) {
      expect(id).toMatch(ORDERED);
      expect(madeAt(id)).toBeGreaterThanOrEqual(before);
      expect(madeAt(id)).toBeLessThanOrEqual(after);
    }
    // Random after the prefix: no two alike.
    expect(new Set([code, tokens.access_token, tokens.refresh_token].map((id) => id!.slice(8))).size).toBe(3);

    // Refreshed: the new refresh token is made the same way, later in order.
    await new Promise((done) => setTimeout(done, 5));
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.refresh_token).toMatch(ORDERED);
    expect(refreshed.refresh_token! > tokens.refresh_token!).toBe(true);
    expect(refreshed.access_token > tokens.access_token).toBe(true);
  });

  it('still takes a token made before (43 random characters, no time) beside new ones', async () => {
    const t = await asAdmin(clients);
    const machine = await registerApp(t, { name: 'Worker', redirectURIs: [] });
    const { runtime } = oidcState(await t.auth.context());
    const old = 'z'.repeat(43);
    await storedBefore(runtime.storage, old, machine.clientId);
    const basic = `Basic ${btoa(`${machine.clientId}:${machine.clientSecret}`)}`;
    const introspect = async (token: string) => {
      const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic }, body: `token=${token}` };
      // Through `auth.handler`: oidc-provider alone (machine-lane.test.ts sends one to the lane).
      const byProvider = await t.auth.handler(new Request(`${ISSUER}/oidc/introspect`, init), { ip: '127.0.0.1' });
      return (await byProvider.json()) as { active: boolean; client_id?: string };
    };
    expect(await introspect(old)).toMatchObject({ active: true, client_id: machine.clientId });

    const issued = await t.auth.handler(
      new Request(`${ISSUER}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
        body: 'grant_type=client_credentials',
      }),
      { ip: '127.0.0.1' },
    );
    const fresh = ((await issued.json()) as { access_token: string }).access_token;
    expect(fresh).toMatch(ORDERED);
    expect(await introspect(fresh)).toMatchObject({ active: true, client_id: machine.clientId });
  });
});
