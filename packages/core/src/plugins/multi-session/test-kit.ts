import type { CookieJar, GatehouseOptions, TestClient } from '../../test-kit.js';

/** An answer of list-device-sessions, set-active and get-session, as JSON. */
export interface DeviceSession {
  session: { id: string; userId: string; token: string; expiresAt: string; createdAt: string };
  user: { id: string; email: string; name: string };
}

export const SESSION_COOKIE = 'better-auth.session_token';
export const multiName = (token: string) => `${SESSION_COOKIE}_multi-${token.toLowerCase()}`;

/** Options with the plugin on (and whatever else a test sets). */
export const withMultiSession = (options: GatehouseOptions = {}, multiSession: GatehouseOptions['multiSession'] = {}): GatehouseOptions => ({
  ...options,
  multiSession: { enabled: true, ...multiSession },
});

/** The multi-session cookie names a jar holds. */
export const multiCookies = (jar: CookieJar) => [...jar.cookies.keys()].filter((k) => k.startsWith(`${SESSION_COOKIE}_multi-`));

/** Signs an account up in `jar` (as a new account in that browser) and answers its email, password and token. */
export async function addAccount(
  t: TestClient,
  name: string,
  jar: CookieJar = t.jar,
): Promise<{ email: string; password: string; token: string; userId: string }> {
  const { email, password, data } = await t.signUp({ name }, jar);
  return { email, password, token: String(data.token), userId: String((data.user as { id: string }).id) };
}

export async function deviceSessions(t: TestClient, jar: CookieJar = t.jar) {
  return t.json<DeviceSession[]>('/multi-session/list-device-sessions', { jar });
}

export async function activeEmail(t: TestClient, jar: CookieJar = t.jar): Promise<string | null> {
  const { data } = await t.json<DeviceSession | null>('/get-session', { jar });
  return data?.user.email ?? null;
}

/** Whether the session of a raw token is still in the store. */
export async function sessionLives(t: TestClient, token: string): Promise<boolean> {
  return (await (await t.auth.context()).sessions.find(token)) !== null;
}
