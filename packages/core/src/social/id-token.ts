import type { EndpointContext } from '../endpoint.js';
import { APIError, BASE_ERRORS, fail } from '../errors.js';
import { completeSignIn, finishAdoption } from '../sign-in.js';
import { findOrCreateUser, SocialFlowError, type CallbackError } from './accounts.js';
import type { Provider } from './provider.js';
import { socialError } from './service.js';
import type { AppleFormUser, OAuthTokens } from './types.js';

export interface IdTokenInput {
  token: string;
  nonce?: string;
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: number | string;
  user?: AppleFormUser;
}

/** The flow's refusals as API errors (this path answers JSON, not a redirect). */
function toApiError(code: CallbackError): APIError {
  switch (code) {
    case 'email_not_found':
      return new APIError('UNAUTHORIZED', 'USER_EMAIL_NOT_FOUND', BASE_ERRORS.USER_EMAIL_NOT_FOUND);
    case 'account_not_linked':
      return socialError('UNAUTHORIZED', 'ACCOUNT_NOT_LINKED');
    case 'account_already_linked':
      return socialError('UNAUTHORIZED', 'ACCOUNT_ALREADY_LINKED');
    case 'unable_to_link_account':
      return socialError('UNAUTHORIZED', 'UNABLE_TO_LINK_ACCOUNT');
    case 'unable_to_create_user':
      return new APIError('UNAUTHORIZED', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
    default:
      return new APIError('INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', BASE_ERRORS.INTERNAL_SERVER_ERROR);
  }
}

function expiry(v: number | string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Sign-in with an ID token the client obtained itself (Google One Tap, Sign in
 * with Apple on a device, …): verified against the provider's key set, then
 * the same find-or-create as the redirect flow. Answers {redirect:false, token, user}.
 */
export async function idTokenSignIn(c: EndpointContext, provider: Provider, input: IdTokenInput, requestSignUp?: boolean): Promise<unknown> {
  if (!provider.issuesIdTokens) fail('BAD_REQUEST', 'ID_TOKEN_NOT_SUPPORTED');
  const claims = await provider.verifyIdToken(input.token, input.nonce);
  if (!claims) fail('UNAUTHORIZED', 'INVALID_TOKEN');
  const tokens: OAuthTokens = {
    idToken: input.token,
    accessToken: input.accessToken,
    refreshToken: input.refreshToken,
    accessTokenExpiresAt: expiry(input.expiresAt),
    scopes: [],
  };
  const info = await provider.userInfo(tokens, { claims, formUser: input.user });
  if (!info) fail('UNAUTHORIZED', 'FAILED_TO_GET_USER_INFO');
  let found: Awaited<ReturnType<typeof findOrCreateUser>>;
  try {
    found = await findOrCreateUser(c.auth, provider, info, tokens, { requestSignUp });
  } catch (e) {
    if (e instanceof SocialFlowError) throw toApiError(e.code);
    throw e;
  }
  if (found.adopted) await finishAdoption(c, found.adopted, provider.id);
  const done = await completeSignIn(c, found.user, { rememberMe: true, method: provider.id });
  if ('intercepted' in done) return done.intercepted;
  return { redirect: false, token: done.token, url: undefined, user: c.auth.publicUser(done.user) };
}
