import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { InteractionResults } from 'oidc-provider';
import type { AuthContext } from '../../kit.js';
import type { OidcRuntime } from './provider.js';
import { oidcError } from './errors.js';
import { rememberOrganization } from './claims.js';

type Interaction = Awaited<ReturnType<OidcRuntime['provider']['interactionDetails']>>;

/**
 * A Node request/response pair carrying the browser's cookies, for oidc-provider's
 * interaction calls: they find the interaction by its signed cookie, so a sign-in request
 * can only be continued by the browser that started it.
 */
function nodePair(headers: Headers): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = '/';
  req.headers = { cookie: headers.get('cookie') ?? '' };
  return { req, res: new ServerResponse(req) };
}

/** The interaction `uid` of this browser, or 400 INTERACTION_NOT_FOUND. */
export async function interactionOf(runtime: OidcRuntime, headers: Headers, uid: string): Promise<Interaction> {
  const { req, res } = nodePair(headers);
  let details: Interaction;
  try {
    details = await runtime.provider.interactionDetails(req, res);
  } catch {
    throw oidcError('BAD_REQUEST', 'INTERACTION_NOT_FOUND');
  }
  if (details.uid !== uid) throw oidcError('BAD_REQUEST', 'INTERACTION_NOT_FOUND');
  return details;
}

/** Ends the interaction with `result`; answers the URL the browser continues at (the provider's). */
export async function finishInteraction(runtime: OidcRuntime, headers: Headers, result: InteractionResults): Promise<string> {
  const { req, res } = nodePair(headers);
  return runtime.provider.interactionResult(req, res, result, { mergeWithLastSubmission: true });
}

/** The scopes a consent prompt asks for (beyond those already granted). */
export function requestedScopes(details: Interaction): string[] {
  const missing = (details.prompt.details as { missingOIDCScope?: string[] }).missingOIDCScope;
  return (
    missing ??
    String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean)
  );
}

/**
 * Grants the scopes to the client for this person (oidc-provider's Grant, kept with its
 * tokens) and remembers the consent (`oauthConsent`): answers the consent result.
 */
export async function grantConsent(
  auth: AuthContext,
  runtime: OidcRuntime,
  details: Interaction,
  session: { userId: string; activeOrganizationId?: unknown },
  grantTTL: number,
): Promise<InteractionResults['consent']> {
  const accountId = session.userId;
  const clientId = String(details.params.client_id);
  const { Grant } = runtime.provider;
  const grant = details.grantId ? ((await Grant.find(details.grantId)) ?? new Grant({ accountId, clientId })) : new Grant({ accountId, clientId });
  const info = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  const scopes = info.missingOIDCScope ?? requestedScopes(details);
  if (scopes.length) grant.addOIDCScope(scopes.join(' '));
  if (info.missingOIDCClaims?.length) grant.addOIDCClaims(info.missingOIDCClaims);
  for (const [indicator, s] of Object.entries(info.missingResourceScopes ?? {})) grant.addResourceScope(indicator, s.join(' '));
  const grantId = await grant.save();
  await rememberConsent(auth, accountId, clientId, scopes);
  if (auth.features.organization === true)
    await rememberOrganization(runtime.storage, grantId, (session.activeOrganizationId as string | null | undefined) ?? null, grantTTL);
  return { grantId };
}

async function rememberConsent(auth: AuthContext, userId: string, clientId: string, scopes: string[]): Promise<void> {
  const where = [
    { field: 'userId', value: userId },
    { field: 'clientId', value: clientId },
  ];
  await auth.adapter.transaction(async (trx) => {
    const prior = await trx.findOne<{ scopes: string }>('oauthConsent', where);
    const all = [...new Set([...(prior?.scopes.split(' ').filter(Boolean) ?? []), ...scopes])].join(' ');
    if (prior) await trx.update('oauthConsent', where, { scopes: all, updatedAt: new Date(auth.now()) });
    else await trx.create('oauthConsent', { userId, clientId, scopes: all, createdAt: new Date(auth.now()), updatedAt: new Date(auth.now()) });
  });
}

/** Whether this person consented before to every scope asked (a consent remembered per client and user). */
export async function consentCovers(auth: AuthContext, userId: string, clientId: string, scopes: string[]): Promise<boolean> {
  const prior = await auth.adapter.findOne<{ scopes: string }>('oauthConsent', [
    { field: 'userId', value: userId },
    { field: 'clientId', value: clientId },
  ]);
  if (!prior) return false;
  const granted = new Set(prior.scopes.split(' '));
  return scopes.every((s) => granted.has(s));
}
