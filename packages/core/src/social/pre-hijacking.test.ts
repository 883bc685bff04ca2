import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, useTestClients } from '../test/harness.js';
import { adoptionAudit, expectSquatterOut, SQUATTER_PASSWORD, squat, WAYS_IN } from '../test/squatter.js';
import { makeKeys, type SigningKeys, signIdToken, type StandIn, startStandIn } from './test-kit.js';

/**
 * Account pre-hijacking through a social sign-in (issue 35; security/adoption.ts): a provider
 * that vouches for the victim's address links into the unverified account a squatter made with
 * it, and adopts it: the squatter's ways in end, the provider account signing in stays.
 */
const CLIENT_ID = 'squat-client';

let s: StandIn;
let keys: SigningKeys;
let t: TestClient;
const gh = { profile: {} as Record<string, unknown>, emails: [] as { email: string; verified: boolean; primary: boolean }[] };

beforeAll(async () => {
  s = await startStandIn();
  keys = await makeKeys('squat-key');
  s.on('POST', '/github/token', { json: { access_token: 'gh-access', token_type: 'bearer', scope: 'read:user,user:email' } });
  s.on('GET', '/github/user', () => ({ json: gh.profile }));
  s.on('GET', '/github/user/emails', () => ({ json: gh.emails }));
  s.on('GET', '/google/jwks', { json: keys.jwks });
});
afterAll(async () => s.close());
const clients = useTestClients();

async function setup() {
  t = await clients.open({
    ...WAYS_IN,
    socialProviders: {
      github: {
        clientId: CLIENT_ID,
        clientSecret: 'secret',
        authorizationEndpoint: `${s.url}/github/authorize`,
        tokenEndpoint: `${s.url}/github/token`,
        userInfoEndpoint: `${s.url}/github/user`,
      },
      google: { clientId: CLIENT_ID, clientSecret: 'secret', jwksEndpoint: `${s.url}/google/jwks`, issuer: `${s.url}/google` },
    },
  });
}

/** The victim's whole redirect flow through GitHub, whose profile has `email` (verified or not); answers the jar and the landing. */
async function githubSignIn(id: number, email: string, verified: boolean) {
  gh.profile = { id, login: `user${id}`, name: `User ${id}`, email: null };
  gh.emails = [{ email, verified, primary: true }];
  const jar = t.newJar();
  const started = await t.json<{ url: string }>('/sign-in/social', { body: { provider: 'github', callbackURL: '/dashboard' }, jar });
  const state = new URL(started.data.url).searchParams.get('state')!;
  const res = await t.request(`/callback/github?${new URLSearchParams({ code: 'c', state })}`, { jar });
  return { jar, location: res.headers.get('location') };
}

const accountsOf = async (userId: string) =>
  (await (await t.auth.context()).adapter.findMany<{ providerId: string }>('account', { where: [{ field: 'userId', value: userId }] }))
    .map((a) => a.providerId)
    .sort();

describe('a social sign-in that vouches for the address adopts an unverified account', () => {
  it("ends the squatter's session, password, key, passkey, second factor and other linked account; GitHub's stays", async () => {
    await setup();
    const sq = await squat(t);
    // A provider account of the squatter's own, linked while the address was unproven.
    await (await t.auth.context()).adapter.create('account', { userId: sq.userId, providerId: 'gitlab', accountId: 'squatter-gitlab' });
    const victim = await githubSignIn(41, sq.email, true);
    expect(victim.location).toBe('/dashboard');
    const session = await t.json<{ user: { id: string; emailVerified: boolean } }>('/get-session', { jar: victim.jar });
    expect(session.data.user).toMatchObject({ id: sq.userId, emailVerified: true });
    await expectSquatterOut(t, sq);
    expect(await accountsOf(sq.userId)).toEqual(['github']);
    expect(await adoptionAudit(t, sq.userId)).toEqual([
      { method: 'github', removed: { sessions: 1, passwords: 1, linkedAccounts: 1, passkeys: 1, apiKeys: 1, twoFactor: 1 } },
    ]);
  });

  it('the ID-token sign-in adopts the same way', async () => {
    await setup();
    const sq = await squat(t, { totp: false });
    const token = await signIdToken(
      keys,
      { sub: 'g-7', email: sq.email, email_verified: true, name: 'Victim' },
      { issuer: `${s.url}/google`, audience: CLIENT_ID, nowMs: t.clock.ms },
    );
    const r = await t.json<{ user: { id: string; emailVerified: boolean } }>('/sign-in/social', {
      body: { provider: 'google', idToken: { token } },
      jar: t.newJar(),
    });
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ id: sq.userId, emailVerified: true });
    await expectSquatterOut(t, sq);
    expect(await accountsOf(sq.userId)).toEqual(['google']);
  });

  it('a provider that does not vouch for the address links nothing and removes nothing', async () => {
    await setup();
    const sq = await squat(t, { totp: false });
    const victim = await githubSignIn(42, sq.email, false);
    expect(new URL(victim.location!, 'http://x').searchParams.get('error')).toBe('account_not_linked');
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: sq.jar })).data.user.id).toBe(sq.userId);
    expect(await adoptionAudit(t, sq.userId)).toEqual([]);
  });

  it('a verified account linked by a provider keeps its password and sessions', async () => {
    await setup();
    const sq = await squat(t, { totp: false });
    await (await t.auth.context()).adapter.update('user', [{ field: 'id', value: sq.userId }], { emailVerified: true });
    expect((await githubSignIn(43, sq.email, true)).location).toBe('/dashboard');
    expect((await t.json<{ user: { id: string } }>('/get-session', { jar: sq.jar })).data.user.id).toBe(sq.userId);
    expect((await t.json('/sign-in/email', { body: { email: sq.email, password: SQUATTER_PASSWORD }, jar: t.newJar() })).status).toBe(200);
    expect(await accountsOf(sq.userId)).toEqual(['credential', 'github']);
    expect(await adoptionAudit(t, sq.userId)).toEqual([]);
  });
});
