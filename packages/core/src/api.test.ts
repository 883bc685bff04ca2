import { describe, expect, it } from 'vitest';
import { APIError } from './errors.js';
import { uniqueEmail, useTestClients, type TestClient } from './test/harness.js';

// `auth.api`: server-side calls run the route's handler directly and give its data as it is.
describe('auth.api', () => {
  const clients = useTestClients();

  it('gives the handler data as it is: dates are Dates, nothing went through JSON', async () => {
    const t = await clients.open();
    const email = uniqueEmail();
    const signedUp = await t.auth.api.signUpEmail({ body: { email, password: 'a long password', name: 'Ada' } });
    expect(signedUp.user.email).toBe(email);
    expect(signedUp.user.createdAt).toBeInstanceOf(Date);
    expect(typeof signedUp.token).toBe('string');

    const session = await t.auth.api.getSession({ headers: { cookie: await sessionCookie(t, signedUp.token!) } });
    expect(session?.user.id).toBe(signedUp.user.id);
    expect(session?.session.expiresAt).toBeInstanceOf(Date);
  });

  it('returnHeaders gives the cookies the route set; asResponse the Response HTTP would give', async () => {
    const t = await clients.open();
    const { email, password } = await t.signUp();
    const { headers, response } = await t.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    const { cookies } = await t.auth.context();
    expect(headers.getSetCookie().some((c) => c.startsWith(`${cookies.sessionToken}=`))).toBe(true);
    expect('token' in response && response.token).toBeTruthy();

    const ok = await t.auth.api.signInEmail({ body: { email, password }, asResponse: true });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('application/json');
    expect(((await ok.json()) as { user: { createdAt: unknown } }).user.createdAt).toEqual(expect.any(String));

    const refused = await t.auth.api.signInEmail({ body: { email, password: 'not the password' }, asResponse: true });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('a refusal is thrown as the APIError the route threw, validation issues included', async () => {
    const t = await clients.open();
    const { email } = await t.signUp();
    const wrong = await t.auth.api.signInEmail({ body: { email, password: 'not the password' } }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(APIError);
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });

    // A body the schema refuses, as a caller without types could send it.
    const invalid = await t.auth.api.signInEmail({ body: { email: 'not an address', password: 1 } as never }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(APIError);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((invalid as APIError & { issues?: { field: string }[] }).issues?.map((i) => i.field)).toEqual(expect.arrayContaining(['password']));
  });

  it('a route that requires a session refuses a call without one, and is neither rate-limited nor origin-checked', async () => {
    const t = await clients.open({ rateLimit: { enabled: true, window: 60, max: 1 } });
    await expect(t.auth.api.listSessions()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const { email, password } = await t.signUp();
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (let i = 0; i < 3; i++) {
      const answer = await t.auth.api.signInEmail({ body: { email, password }, headers: foreign });
      expect('token' in answer && answer.token).toBeTruthy();
    }
  });

  it('a redirect route gives its Response, with the cookies it set', async () => {
    const t = await clients.open();
    const redirect = await t.auth.api.resetPasswordCallback({ params: { token: 'unknown' }, query: { callbackURL: '/reset' } });
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get('location')).toContain('error=INVALID_TOKEN');
  });
});

/** A cookie header carrying a session token, signed as the server signs it. */
async function sessionCookie(t: TestClient, token: string): Promise<string> {
  const { cookies, signer } = await t.auth.context();
  return `${cookies.sessionToken}=${encodeURIComponent(signer.sign(token))}`;
}
