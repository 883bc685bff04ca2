import { timingSafeEqual } from 'node:crypto';
import { type EndpointContext, randomString } from '../../kit.js';
import { digest } from './store.js';

/**
 * Binding a flow to the browser that started it: `/sign-in/sso` (and a single logout) sets a
 * random value in a cookie and keeps only its digest with the flow's state. The SLO endpoint goes
 * on only when the browser presents that cookie (`sameBrowser`). The ACS and the OIDC callback
 * refuse a browser that presents another flow's cookie (`notAnotherBrowser`): an IdP's answer
 * carried into the browser of someone who is signing in too (login CSRF, or a RelayState / state
 * leaked from a URL). They accept a request with no flow cookie at all, because CONTRACT.md has the
 * ACS need no cookies (clients that keep none, IdP-initiated tools); such a request is still bound
 * to its RelayState or state, single use. One value serves every flow of the browser, so sign-ins
 * started in two tabs both finish.
 */
const FORMAT = /^[A-Za-z0-9]{32}$/;
const cookieName = (c: EndpointContext) => c.auth.cookies.named('sso_flow');

/** The digest to keep with a new flow; sets the cookie when the browser has none. */
export function bindToBrowser(c: EndpointContext, ttlMs: number): string {
  const present = c.getCookie(cookieName(c));
  const value = present && FORMAT.test(present) ? present : randomString(32);
  // The ACS is a cross-site POST from the IdP's page: only a SameSite=None cookie comes along, and that
  // must be Secure (browsers keep it over https, and on http://localhost, which they count as secure).
  c.setCookie(cookieName(c), value, { httpOnly: true, secure: true, sameSite: 'None', maxAge: Math.ceil(ttlMs / 1000) + 60 });
  return digest(`sso-browser ${value}`);
}

/** False when this request carries the flow cookie of a browser other than the one whose digest the flow kept; true without any. */
export function notAnotherBrowser(c: EndpointContext, expected: string | undefined): boolean {
  const present = c.getCookie(cookieName(c));
  if (!present || !FORMAT.test(present)) return true;
  return sameBrowser(c, expected);
}

/** Whether this request comes from the browser whose digest the flow kept. */
export function sameBrowser(c: EndpointContext, expected: string | undefined): boolean {
  if (!expected) return false;
  const present = c.getCookie(cookieName(c));
  if (!present || !FORMAT.test(present)) return false;
  const a = Buffer.from(digest(`sso-browser ${present}`));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const oidcIdentifier = (state: string) => `sso-oidc-browser:${digest(state)}`;

/** OIDC: keeps the browser's digest beside the core's state row (which holds no field of the plugin's), as long as it. */
export async function bindStateToBrowser(c: EndpointContext, state: string, ttlMs: number): Promise<void> {
  const browser = bindToBrowser(c, ttlMs);
  await c.auth.adapter.create('verification', { identifier: oidcIdentifier(state), value: browser, expiresAt: new Date(c.auth.now() + ttlMs) });
}

/** OIDC: false when the callback carries another browser's flow cookie than the one that started the flow of `state` (its row read once). */
export async function stateFromThisBrowser(c: EndpointContext, state: string): Promise<boolean> {
  const row = await c.auth.adapter.findOne<{ id: string; value: string }>('verification', [{ field: 'identifier', value: oidcIdentifier(state) }]);
  if (!row) return false;
  await c.auth.adapter.delete('verification', [{ field: 'id', value: row.id }]);
  return notAnotherBrowser(c, row.value);
}
