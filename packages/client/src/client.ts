import { changesOrganization, changesSession } from './effects.js';
import {
  type CallOptions,
  createFetcher,
  type FetchOptions,
  type RequestSpec,
} from './fetcher.js';
import { methodFor } from './method.js';
import type { AuthResult } from './result.js';
import { createSessionStore } from './session-store.js';
import { createChangeSignal } from './signal.js';
import type { RouteInput, RouteOutput, RoutePath, SessionData } from './types.js';

export interface AuthClientOptions {
  /** Origin of the API; empty (the default) means the page's own origin. */
  baseURL?: string;
  /** Where the API is mounted. Default '/api/auth'. */
  basePath?: string;
  fetchOptions?: FetchOptions;
}

/** A typed call: the payload is optional when the route's payload may be `undefined`. */
export type Call<P extends RoutePath> = undefined extends RouteInput<P>
  ? (input?: RouteInput<P>, options?: CallOptions) => Promise<AuthResult<RouteOutput<P>>>
  : (input: RouteInput<P>, options?: CallOptions) => Promise<AuthResult<RouteOutput<P>>>;

/**
 * Creates the client of a Gatehouse API.
 *
 * @example
 * const auth = createAuthClient();
 * const { data, error } = await auth.signIn.email({ email, password });
 * if (error) show(error.message);
 */
export function createAuthClient(options: AuthClientOptions = {}) {
  const fetcher = createFetcher(options);
  const session = createSessionStore({
    fetchSession: async () =>
      (await fetcher('/get-session', { method: 'GET' })).result as AuthResult<SessionData | null>,
  });
  const organization = createChangeSignal();

  /** Every call goes through here: send, then refresh what the call changed. */
  async function $fetch<T = unknown>(path: string, spec: RequestSpec = {}): Promise<AuthResult<T>> {
    const method = spec.method ?? methodFor(path, spec.body !== undefined);
    const { result, navigated } = await fetcher(path, { ...spec, method });
    if (!result.error && !navigated) {
      if (changesSession(path)) {
        await session.refetch();
        session.broadcast();
      }
      if (changesOrganization(path, method)) organization.bump();
    }
    return result as AuthResult<T>;
  }

  const call = <P extends RoutePath>(path: P): Call<P> =>
    ((input?: RouteInput<P>, callOptions?: CallOptions) =>
      $fetch<RouteOutput<P>>(path, { ...callOptions, body: input })) as Call<P>;

  return {
    $fetch,
    /** Observable state: the session view, and a signal bumped by organization changes. */
    $store: { session, organization },
    getProviders: call('/providers'),
    getSession: call('/get-session'),
    signUp: { email: call('/sign-up/email') },
    signIn: {
      email: call('/sign-in/email'),
      username: call('/sign-in/username'),
      social: call('/sign-in/social'),
    },
    signOut: call('/sign-out'),
    listSessions: call('/list-sessions'),
    revokeSession: call('/revoke-session'),
    revokeSessions: call('/revoke-sessions'),
    revokeOtherSessions: call('/revoke-other-sessions'),
    forgetPassword: call('/forget-password'),
    resetPassword: call('/reset-password'),
    sendVerificationEmail: call('/send-verification-email'),
    verifyEmail: call('/verify-email'),
    changeEmail: call('/change-email'),
    changePassword: call('/change-password'),
    updateUser: call('/update-user'),
    deleteUser: call('/delete-user'),
    listAccounts: call('/list-accounts'),
    linkSocial: call('/link-social'),
    unlinkAccount: call('/unlink-account'),
    isUsernameAvailable: call('/is-username-available'),
    twoFactor: {
      enable: call('/two-factor/enable'),
      disable: call('/two-factor/disable'),
      getTotpUri: call('/two-factor/get-totp-uri'),
      verifyTotp: call('/two-factor/verify-totp'),
      sendOtp: call('/two-factor/send-otp'),
      verifyOtp: call('/two-factor/verify-otp'),
      verifyBackupCode: call('/two-factor/verify-backup-code'),
      generateBackupCodes: call('/two-factor/generate-backup-codes'),
    },
    organization: {
      create: call('/organization/create'),
      update: call('/organization/update'),
      delete: call('/organization/delete'),
      list: call('/organization/list'),
      getFullOrganization: call('/organization/get-full-organization'),
      setActive: call('/organization/set-active'),
      getActiveMember: call('/organization/get-active-member'),
      listMembers: call('/organization/list-members'),
      inviteMember: call('/organization/invite-member'),
      listInvitations: call('/organization/list-invitations'),
      getInvitation: call('/organization/get-invitation'),
      acceptInvitation: call('/organization/accept-invitation'),
      rejectInvitation: call('/organization/reject-invitation'),
      cancelInvitation: call('/organization/cancel-invitation'),
      removeMember: call('/organization/remove-member'),
      updateMemberRole: call('/organization/update-member-role'),
      leave: call('/organization/leave'),
      checkSlug: call('/organization/check-slug'),
    },
    admin: {
      listUsers: call('/admin/list-users'),
      createUser: call('/admin/create-user'),
      setRole: call('/admin/set-role'),
      banUser: call('/admin/ban-user'),
      unbanUser: call('/admin/unban-user'),
      impersonateUser: call('/admin/impersonate-user'),
      stopImpersonating: call('/admin/stop-impersonating'),
      listUserSessions: call('/admin/list-user-sessions'),
      revokeUserSession: call('/admin/revoke-user-session'),
      revokeUserSessions: call('/admin/revoke-user-sessions'),
      removeUser: call('/admin/remove-user'),
      setUserPassword: call('/admin/set-user-password'),
    },
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
