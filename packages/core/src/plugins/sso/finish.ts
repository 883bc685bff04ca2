import { APIError, completeSignIn, type EndpointContext, finishAdoption, withParams } from '../../kit.js';
import { SSOFlowError } from './errors.js';
import { provisionUser, type SSOIdentity } from './provision.js';
import type { SamlSubject } from './saml.js';
import { recordSsoSession } from './sessions.js';
import type { ProviderRow } from './store.js';

export interface FlowTargets {
  callbackURL: string;
  errorURL: string;
  newUserURL?: string;
  requestSignUp?: boolean;
}

/** A refusal as a redirect to the error URL (`?error=code&error_description=…`), no session set. */
export function refuse(c: EndpointContext, errorURL: string, code: string, description?: string): Response {
  return c.redirect(withParams(errorURL, { error: code, error_description: description }));
}

/**
 * The end of both flows: just-in-time provisioning (one transaction), then the core's
 * sign-in (plugins' gates, a fresh session) and a redirect to the callback URL.
 * `account_not_linked` goes to the callback URL, as CONTRACT.md says; other refusals to the error URL.
 */
export async function finishSignIn(
  c: EndpointContext,
  provider: ProviderRow,
  identity: SSOIdentity,
  targets: FlowTargets,
  /** What the IdP names this sign-in by (SAML: NameID and SessionIndex; OIDC: the subject): kept with the session. */
  subject: SamlSubject = { nameID: identity.accountId },
): Promise<Response> {
  const { auth } = c;
  let found: Awaited<ReturnType<typeof provisionUser>>;
  try {
    found = await provisionUser(auth, provider, identity, { requestSignUp: targets.requestSignUp });
  } catch (e) {
    if (!(e instanceof SSOFlowError)) throw e;
    await auth.audit.record(c, 'sso.sign-in.failure', { details: { providerId: provider.providerId, error: e.code } });
    if (e.code === 'account_not_linked') return refuse(c, targets.callbackURL, e.code);
    return refuse(c, targets.errorURL, e.code, e.description);
  }
  if (found.linked) {
    await auth.audit.record(c, 'sso.account.linked', { userId: found.user.id, details: { providerId: provider.providerId, adopted: !!found.adopted } });
  }
  if (found.adopted) await finishAdoption(c, found.adopted, `sso:${provider.providerId}`);
  if (found.roleChange) {
    const { organizationId, before, after } = found.roleChange;
    await auth.audit.record(c, 'sso.member.role', { userId: found.user.id, details: { providerId: provider.providerId, organizationId, before, after } });
  }
  const target = found.isNew && targets.newUserURL ? targets.newUserURL : targets.callbackURL;
  let done: Awaited<ReturnType<typeof completeSignIn>>;
  try {
    done = await completeSignIn(c, found.user, { rememberMe: true, callbackURL: target, method: `sso:${provider.providerId}` });
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    return refuse(c, targets.errorURL, e.code === 'FAILED_TO_CREATE_SESSION' ? 'unable_to_create_session' : e.code.toLowerCase(), e.message);
  }
  if (!('intercepted' in done)) {
    await recordSsoSession(auth, {
      sessionId: done.session.id,
      userId: found.user.id,
      providerId: provider.providerId,
      ...subject,
      expiresAt: done.session.expiresAt,
    });
  }
  if ('intercepted' in done) {
    if (done.intercepted instanceof Response) return done.intercepted;
    const extra: Record<string, string> = {};
    if (done.intercepted && typeof done.intercepted === 'object') {
      for (const [k, v] of Object.entries(done.intercepted)) if (['string', 'number', 'boolean'].includes(typeof v)) extra[k] = String(v);
    }
    return c.redirect(withParams(target, extra));
  }
  return c.redirect(target);
}
