import { expect } from 'vitest';
import type { GatehouseOptions } from '../index.js';
import type { CookieJar, TestClient } from '../../test/harness.js';
import type { SSOOptions } from './config.js';

/** The options of a test instance with SSO and organizations on; `sso` merged in. */
export function ssoOptions(sso: SSOOptions = {}, extra: GatehouseOptions = {}): GatehouseOptions {
  return { organization: { enabled: true }, sso: { enabled: true, ...sso }, ...extra };
}

/** A signed-in user (in `jar`) owning a new organization; answers the organization's id. */
export async function ownerWithOrganization(t: TestClient, jar: CookieJar, slug: string, email?: string): Promise<{ organizationId: string; email: string }> {
  const who = await t.signUp({ email: email ?? `owner-${slug}-${Math.random().toString(36).slice(2)}@owner.example` }, jar);
  const org = await t.json<{ id: string }>('/organization/create', { body: { name: slug, slug }, jar });
  expect(org.status).toBe(200);
  return { organizationId: org.data.id, email: who.email };
}

/** Posts an IdP's form to the ACS as a browser would (cross-site, no cookies unless `jar`). */
export function postToAcs(t: TestClient, providerId: string, form: { SAMLResponse: string; RelayState?: string }, jar: CookieJar | null = null) {
  const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return t.request(`/sso/saml2/sp/acs/${providerId}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test.example' },
    jar,
  });
}

/** The `error` parameter of a redirect's Location (null when it has none). */
export function errorOf(res: Response): string | null {
  const location = res.headers.get('location') ?? '';
  return new URL(location, 'http://x').searchParams.get('error');
}

/** True when the answer sets a session cookie. */
export function setsSession(res: Response): boolean {
  return res.headers.getSetCookie().some((l) => /session_token=[^;]/.test(l) && !/max-age=0/i.test(l));
}
