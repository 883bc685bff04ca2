import { z } from 'zod';
import { defineEndpoint, type EndpointContext } from '../../../kit.js';
import { ssoError } from '../errors.js';
import { endSessions, ssoSessionOf } from '../sessions.js';
import { hasSingleLogout, logoutRequestURL, singleLogoutService } from '../slo.js';
import type { ProviderRow } from '../store.js';

/**
 * GET|POST /sso/saml2/sp/slo/:providerId (better-auth's path; the SP metadata's
 * SingleLogoutService): the IdP's LogoutRequest (IdP-initiated) or its LogoutResponse to ours,
 * by the HTTP-Redirect or the HTTP-POST binding. Any origin: the IdP sends the browser here.
 */
export const sloEndpoint = defineEndpoint({
  method: ['GET', 'POST'],
  path: '/sso/saml2/sp/slo/:providerId',
  skipOriginCheck: true,
  handler: singleLogoutService,
});

/**
 * POST /sso/saml2/logout/:providerId {callbackURL?} (better-auth's route, signed in): ends the
 * session here and sends the browser (302) to the IdP's SLO service with a LogoutRequest for this
 * sign-in; the IdP's answer lands on `callbackURL` (default `/`). A session that this connection
 * did not sign in ends locally and lands on `callbackURL` at once.
 */
export const initiateSLO = defineEndpoint({
  method: 'POST',
  path: '/sso/saml2/logout/:providerId',
  requireSession: true,
  changesSession: true,
  body: z.object({ callbackURL: z.string().max(2048).optional() }),
  redirectFields: ['callbackURL'],
  async handler(c) {
    const { auth } = c;
    const provider = await auth.adapter.findOne<ProviderRow>('ssoProvider', [{ field: 'providerId', value: c.params.providerId ?? '' }]);
    if (!provider?.samlConfig) throw ssoError('NOT_FOUND', 'SAML_PROVIDER_NOT_FOUND');
    if (!hasSingleLogout(provider)) throw ssoError('BAD_REQUEST', 'IDP_SLO_NOT_SUPPORTED');
    const callbackURL = c.body.callbackURL ?? '/';
    const row = await ssoSessionOf(auth.adapter, c.session.session.id);
    await auth.sessions.revoke(c.session.session.id);
    auth.sessions.clearCookies(c);
    await auth.audit.record(c, 'sign-out', { userId: c.session.user.id, actorId: c.session.user.id });
    if (!row || row.providerId !== provider.providerId) {
      if (row) await endSessions(auth, [row]);
      return c.redirect(callbackURL);
    }
    await endSessions(auth, [row]);
    await auth.audit.record(c, 'sso.logout', { userId: row.userId, details: { providerId: provider.providerId, initiatedBy: 'sp', sessions: 1 } });
    return c.redirect(await logoutRequestURL(c, provider, row, callbackURL));
  },
});

/** What the sign-out's `before` hook saw of the session it is about to end. */
const signingOut = new WeakMap<Request, { row: NonNullable<Awaited<ReturnType<typeof ssoSessionOf>>>; provider: ProviderRow | null }>();

/** `/sign-out`, before the core ends the session: the SSO row of that session, if any. */
export async function beforeSignOut(c: EndpointContext): Promise<void> {
  const session = await c.getSession();
  if (!session) return;
  const row = await ssoSessionOf(c.auth.adapter, session.session.id);
  if (!row) return;
  const provider = await c.auth.adapter.findOne<ProviderRow>('ssoProvider', [{ field: 'providerId', value: row.providerId }]);
  signingOut.set(c.request, { row, provider });
}

/**
 * `/sign-out`, after the core ended the session: its SSO row goes; when it was a sign-in through a
 * connection whose IdP has single logout, the answer adds `{ redirect: true, url }`, the IdP's SLO
 * service with a LogoutRequest (the app sends the browser there; the IdP's answer lands on `/`).
 */
export async function afterSignOut(c: EndpointContext, result: unknown): Promise<unknown | undefined> {
  const seen = signingOut.get(c.request);
  if (!seen) return undefined;
  signingOut.delete(c.request);
  await endSessions(c.auth, [seen.row]);
  if (!hasSingleLogout(seen.provider)) return undefined;
  const url = await logoutRequestURL(c, seen.provider, seen.row, '/');
  await c.auth.audit.record(c, 'sso.logout', { userId: seen.row.userId, details: { providerId: seen.provider.providerId, initiatedBy: 'sp', sessions: 1 } });
  return { ...(result && typeof result === 'object' ? result : { success: true }), redirect: true, url };
}
