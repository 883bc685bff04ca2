import type { AuthContext } from '../context.js';
import type { Adapter } from '../db/adapter.js';
import type { Row } from '../db/types.js';
import type { Adopted, AdoptionKeep } from '../security/adoption.js';
import type { UserRow } from '../session/types.js';
import { isEmail, normalizeEmail } from '../sign-in.js';
import type { Provider } from './provider.js';
import { sealToken } from './tokens.js';
import type { OAuthTokens, UserInfo } from './types.js';

/** The callback's redirect error codes (spec section 8), word for word. */
export type CallbackError =
  | 'invalid_callback_request'
  | 'state_not_found'
  | 'no_code'
  | 'oauth_provider_not_found'
  | 'please_restart_the_process'
  | 'unable_to_get_user_info'
  | 'email_not_found'
  | "email_doesn't_match"
  | 'account_already_linked'
  | 'account_already_linked_to_different_user'
  | 'unable_to_link_account'
  | 'account_not_linked'
  | 'unable_to_create_user'
  | 'unable_to_create_session'
  | 'internal_server_error';

/** A refusal inside the sign-in or link transaction; thrown so that the transaction rolls back. */
export class SocialFlowError extends Error {
  constructor(readonly code: CallbackError) {
    super(code);
    this.name = 'SocialFlowError';
  }
}

export interface AccountRow extends Row {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  accessToken?: string | null;
  refreshToken?: string | null;
  idToken?: string | null;
  accessTokenExpiresAt?: Date | null;
  refreshTokenExpiresAt?: Date | null;
  scope?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Token columns for a create or an update: sealed, and only what the provider gave (a refresh token is kept when none is new). */
export function tokenFields(auth: AuthContext, tokens: OAuthTokens, requestedScopes: readonly string[] = []): Row {
  const scopes = tokens.scopes.length ? tokens.scopes : requestedScopes;
  return {
    accessToken: sealToken(auth, tokens.accessToken),
    refreshToken: sealToken(auth, tokens.refreshToken),
    idToken: sealToken(auth, tokens.idToken),
    accessTokenExpiresAt: tokens.accessToken ? (tokens.accessTokenExpiresAt ?? null) : undefined,
    refreshTokenExpiresAt: tokens.refreshToken ? (tokens.refreshTokenExpiresAt ?? null) : undefined,
    scope: scopes.length ? [...new Set(scopes)].join(',') : undefined,
  };
}

const NOT_FROM_PROFILE = new Set(['id', 'email', 'emailVerified', 'name', 'image', 'createdAt', 'updatedAt']);

/** Extra user fields given by `mapProfileToUser`, limited to the user schema. */
function extraUserFields(auth: AuthContext, info: UserInfo): Row {
  const out: Row = {};
  for (const name of Object.keys(auth.schema.user!.fields)) {
    if (!NOT_FROM_PROFILE.has(name) && info.user[name] !== undefined) out[name] = info.user[name];
  }
  return out;
}

async function markVerified(trx: Adapter, user: UserRow, info: UserInfo): Promise<UserRow> {
  if (user.emailVerified || !info.user.emailVerified || !info.user.email) return user;
  if (normalizeEmail(info.user.email) !== user.email) return user;
  return (await trx.update<UserRow>('user', [{ field: 'id', value: user.id }], { emailVerified: true })) ?? user;
}

/** True when the provider vouches for this user's very address while the user has not proven it. */
function provesMailbox(user: UserRow, info: UserInfo): boolean {
  return !user.emailVerified && !!info.user.emailVerified && !!info.user.email && normalizeEmail(info.user.email) === user.email;
}

/**
 * A sign-in through a provider that vouches for the address of an unverified user adopts the
 * account (security/adoption.ts: account pre-hijacking), in the sign-in's transaction: what was
 * set up before ends, the provider account signing in (`keep`) stays. The caller finishes it
 * once committed (`finishAdoption`).
 */
async function signInVerifies(
  auth: AuthContext,
  trx: Adapter,
  user: UserRow,
  info: UserInfo,
  keep: AdoptionKeep,
): Promise<{ user: UserRow; adopted?: Adopted }> {
  if (!provesMailbox(user, info)) return { user };
  const adopted = await auth.adoption.adopt(trx, user.id, keep);
  return adopted ? { user: adopted.user, adopted } : { user: (await trx.findOne<UserRow>('user', [{ field: 'id', value: user.id }])) ?? user };
}

async function inTransaction<T>(auth: AuthContext, fn: (trx: Adapter) => Promise<T>, onUnique: CallbackError): Promise<T> {
  try {
    return await auth.adapter.transaction(fn);
  } catch (e) {
    if (e instanceof SocialFlowError) throw e;
    if (auth.database.caps.isUniqueViolation(e)) throw new SocialFlowError(onUnique);
    throw e;
  }
}

/**
 * Sign-in: the user behind the provider account, or (implicit linking) the
 * user with the same email when the provider is trusted or vouches for the
 * email, or a new user with its account. One transaction. An unverified user whose
 * address the provider vouches for is adopted (`adopted`: finish it with `finishAdoption`).
 */
export function findOrCreateUser(
  auth: AuthContext,
  provider: Provider,
  info: UserInfo,
  tokens: OAuthTokens,
  opts: { requestSignUp?: boolean; scopes?: readonly string[] } = {},
): Promise<{ user: UserRow; isNew: boolean; adopted?: Adopted }> {
  const providerId = provider.id;
  const accountId = info.user.id;
  const tokenData = tokenFields(auth, tokens, opts.scopes);
  return inTransaction(
    auth,
    async (trx) => {
      const account = await trx.findOne<AccountRow>('account', [
        { field: 'providerId', value: providerId },
        { field: 'accountId', value: accountId },
      ]);
      if (account) {
        const user = await trx.findOne<UserRow>('user', [{ field: 'id', value: account.userId }]);
        if (!user) throw new SocialFlowError('internal_server_error');
        await trx.update('account', [{ field: 'id', value: account.id }], tokenData);
        return { ...(await signInVerifies(auth, trx, user, info, { providerId, accountId })), isNew: false };
      }

      const email = info.user.email ? normalizeEmail(info.user.email) : '';
      if (!email || !isEmail(email)) throw new SocialFlowError('email_not_found');
      const existing = await trx.findOne<UserRow>('user', [{ field: 'email', value: email }]);
      if (existing) {
        const linking = auth.options.account.accountLinking;
        const trusted = (linking.trustedProviders ?? []).includes(providerId);
        if (linking.enabled === false || (!trusted && !info.user.emailVerified)) throw new SocialFlowError('account_not_linked');
        const other = await trx.findOne('account', [
          { field: 'userId', value: existing.id },
          { field: 'providerId', value: providerId },
        ]);
        // A second account of the same provider is never attached silently.
        if (other) throw new SocialFlowError('account_already_linked');
        const linked = await trx.create('account', { userId: existing.id, providerId, accountId, ...tokenData });
        if (!linked) throw new SocialFlowError('unable_to_link_account');
        return { ...(await signInVerifies(auth, trx, existing, info, { providerId, accountId })), isNew: false };
      }

      const o = provider.options;
      if (o.disableSignUp === true || (o.disableImplicitSignUp === true && !opts.requestSignUp)) throw new SocialFlowError('unable_to_create_user');
      const user = await trx.create<UserRow>('user', {
        ...extraUserFields(auth, info),
        name: info.user.name ?? '',
        email,
        emailVerified: !!info.user.emailVerified,
        image: info.user.image ?? null,
      });
      if (!user) throw new SocialFlowError('unable_to_create_user');
      // The user and its account are made together, or neither (spec section 4).
      const created = await trx.create('account', { userId: user.id, providerId, accountId, ...tokenData });
      if (!created) throw new SocialFlowError('unable_to_create_user');
      return { user, isNew: true };
    },
    'unable_to_create_user',
  );
}

/** Link flow: attaches the provider account to the signed-in user who started it. One transaction. */
export function linkAccount(
  auth: AuthContext,
  provider: Provider,
  info: UserInfo,
  tokens: OAuthTokens,
  link: { email: string; userId: string },
  scopes: readonly string[] = [],
): Promise<void> {
  const linking = auth.options.account.accountLinking;
  const providerId = provider.id;
  const accountId = info.user.id;
  const tokenData = tokenFields(auth, tokens, scopes);
  return inTransaction(
    auth,
    async (trx) => {
      if (linking.enabled === false) throw new SocialFlowError('unable_to_link_account');
      const email = info.user.email ? normalizeEmail(info.user.email) : null;
      if (email !== normalizeEmail(link.email) && linking.allowDifferentEmails !== true) throw new SocialFlowError("email_doesn't_match");
      const user = await trx.findOne<UserRow>('user', [{ field: 'id', value: link.userId }]);
      if (!user) throw new SocialFlowError('unable_to_link_account');
      const existing = await trx.findOne<AccountRow>('account', [
        { field: 'providerId', value: providerId },
        { field: 'accountId', value: accountId },
      ]);
      if (existing) {
        if (existing.userId !== link.userId) throw new SocialFlowError('account_already_linked_to_different_user');
        // Linked already, to this user: only the tokens are new.
        await trx.update('account', [{ field: 'id', value: existing.id }], tokenData);
        return;
      }
      const other = await trx.findOne('account', [
        { field: 'userId', value: link.userId },
        { field: 'providerId', value: providerId },
      ]);
      if (other) throw new SocialFlowError('account_already_linked');
      const created = await trx.create('account', { userId: link.userId, providerId, accountId, ...tokenData });
      if (!created) throw new SocialFlowError('unable_to_link_account');
      await markVerified(trx, user, info);
    },
    'unable_to_link_account',
  );
}
