import type { EndpointContext, SignedInContext } from '../../endpoint.js';
import { fail } from '../../errors.js';
import { type AccountRow, tokenFields } from '../accounts.js';
import type { Provider } from '../provider.js';
import { requireProvider, socialError } from '../service.js';
import { openToken } from '../tokens.js';

/** Refresh a little before the provider's expiry, so that the token handed out is still good when used. */
export const EXPIRY_MARGIN_MS = 5000;

export interface AccessTokenAnswer {
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  scopes: string[];
  idToken: string | null;
}

/** The caller's account at the provider (the first, unless accountId names one). */
export async function findProviderAccount(
  c: SignedInContext,
  body: { providerId: string; accountId?: string },
): Promise<{ provider: Provider; account: AccountRow }> {
  const provider = requireProvider(c.auth, body.providerId);
  const where = [
    { field: 'userId', value: c.session.user.id },
    { field: 'providerId', value: provider.id },
  ];
  if (body.accountId) where.push({ field: 'accountId', value: body.accountId });
  const account = await c.auth.adapter.findOne<AccountRow>('account', where);
  if (!account) fail('BAD_REQUEST', 'ACCOUNT_NOT_FOUND');
  return { provider, account };
}

/** Exchanges the stored refresh token and stores what comes back (sealed); a refresh token not rotated is kept. */
export async function refreshAccount(c: EndpointContext, provider: Provider, account: AccountRow): Promise<AccountRow> {
  const refreshToken = openToken(c.auth, account.refreshToken);
  if (!refreshToken) throw socialError('BAD_REQUEST', 'REFRESH_TOKEN_NOT_FOUND');
  let tokens: Awaited<ReturnType<Provider['refresh']>>;
  try {
    tokens = await provider.refresh(refreshToken);
  } catch (e) {
    c.auth.logger.warn({ provider: provider.id, err: String(e) }, 'social: token refresh failed');
    throw socialError('BAD_REQUEST', 'FAILED_TO_REFRESH_ACCESS_TOKEN');
  }
  if (!tokens.accessToken) throw socialError('BAD_REQUEST', 'FAILED_TO_REFRESH_ACCESS_TOKEN');
  const updated = await c.auth.adapter.update<AccountRow>('account', [{ field: 'id', value: account.id }], tokenFields(c.auth, tokens));
  return updated ?? account;
}

export function answer(c: EndpointContext, account: AccountRow): AccessTokenAnswer {
  return {
    accessToken: openToken(c.auth, account.accessToken),
    accessTokenExpiresAt: account.accessTokenExpiresAt ?? null,
    scopes: account.scope ? account.scope.split(',').filter(Boolean) : [],
    idToken: openToken(c.auth, account.idToken),
  };
}
