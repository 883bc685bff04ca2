/**
 * Request and answer shapes of the Gatehouse API, written by hand from the
 * specification (sections 3 and 7) and CONTRACT.md. They live in this one file
 * so that they can later be replaced by types derived from the server's route
 * definitions without touching the client's code.
 *
 * Dates arrive as ISO strings (JSON), so they are typed as `string`.
 */

/** A value that can travel in a query string. */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

// ---------------------------------------------------------------- entities

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  createdAt: string;
  updatedAt: string;
  /** Username extension. */
  username?: string | null;
  displayUsername?: string | null;
  /** Admin extension. */
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: string | null;
  /** Two-factor extension: on after the first successful TOTP verification. */
  twoFactorEnabled?: boolean | null;
}

export interface Session {
  id: string;
  userId: string;
  token: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
  activeOrganizationId?: string | null;
  /** Set (to the admin's user id) on a session created by impersonation. */
  impersonatedBy?: string | null;
}

export interface SessionData {
  session: Session;
  user: User;
}

export interface LinkedAccount {
  id: string;
  provider: string;
  /** Compatibility field (CONTRACT.md): same value as `provider`. */
  providerId?: string;
  accountId: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | null;
  createdAt: string;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
}

export interface MemberWithUser extends Member {
  user: { id: string; name: string; email: string; image?: string | null };
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: InvitationStatus;
  inviterId: string;
  expiresAt: string;
}

export interface InvitationDetails extends Invitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

export interface FullOrganization extends Organization {
  members: MemberWithUser[];
  invitations: Invitation[];
}

/** Answer of `GET /providers` (an app-facing route agreed with the server team). */
export interface ProvidersInfo {
  socialProviders: string[];
  features: {
    username: boolean;
    twoFactor: boolean;
    organization: boolean;
    admin: boolean;
    deleteUser: boolean;
    changeEmail: boolean;
  };
}

// ----------------------------------------------------------- common answers

export interface StatusAnswer {
  status: boolean;
}
export interface SuccessAnswer {
  success: boolean;
}
export interface RedirectAnswer {
  url: string;
  redirect: boolean;
}
export interface TokenUserAnswer {
  token: string | null;
  user: User;
}
export interface UserAnswer {
  user: User;
}

// ----------------------------------------------------------------- payloads

export interface SignUpEmailInput {
  name: string;
  email: string;
  password: string;
  image?: string;
  callbackURL?: string;
  username?: string;
  /** Custom user fields configured on the server. */
  [field: string]: unknown;
}

export interface SignInEmailInput {
  email: string;
  password: string;
  callbackURL?: string;
  rememberMe?: boolean;
}

/** A password sign-in answers this instead when two-factor is on. */
export interface TwoFactorRedirectAnswer {
  twoFactorRedirect: true;
}

export type SignInEmailAnswer =
  | { redirect: boolean; token: string; url?: string | null; user: User }
  | TwoFactorRedirectAnswer;

export type SignInUsernameAnswer = { token: string; user: User } | TwoFactorRedirectAnswer;

export interface SignInSocialInput {
  provider: string;
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
  disableRedirect?: boolean;
  idToken?: {
    token: string;
    nonce?: string;
    accessToken?: string;
    refreshToken?: string;
    expiresAt?: number;
  };
}

export type SignInSocialAnswer =
  | RedirectAnswer
  | { redirect: false; token: string; user: User; url?: undefined };

export interface UpdateUserInput {
  name?: string;
  image?: string | null;
  username?: string;
  [field: string]: unknown;
}

export interface DeleteUserInput {
  callbackURL?: string;
  password?: string;
  token?: string;
}

export interface TwoFactorCodeInput {
  code: string;
  trustDevice?: boolean;
}

export type InvitationIdInput = { invitationId: string };

export interface ListUsersQuery {
  searchValue?: string;
  searchField?: 'email' | 'name';
  searchOperator?: 'contains' | 'starts_with' | 'ends_with';
  limit?: number;
  offset?: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  filterField?: string;
  filterValue?: string | number | boolean;
  filterOperator?: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';
}

export interface ListUsersAnswer {
  users: User[];
  total: number;
  limit?: number;
  offset?: number;
}

// ---------------------------------------------------------------- route map

/**
 * Every route the client calls: its payload (`input`, sent as the JSON body
 * or, for GET routes, as the query) and its answer (`output`). `undefined` in
 * `input` makes the payload optional.
 */
export interface RouteMap {
  '/get-session': {
    input: { disableCookieCache?: boolean; disableRefresh?: boolean } | undefined;
    output: SessionData | null;
  };
  '/providers': { input: undefined; output: ProvidersInfo };
  '/ok': { input: undefined; output: { ok: boolean } };

  '/sign-up/email': { input: SignUpEmailInput; output: TokenUserAnswer };
  '/sign-in/email': { input: SignInEmailInput; output: SignInEmailAnswer };
  '/sign-in/username': {
    input: { username: string; password: string; rememberMe?: boolean };
    output: SignInUsernameAnswer;
  };
  '/sign-in/social': { input: SignInSocialInput; output: SignInSocialAnswer };
  '/sign-out': { input: undefined; output: SuccessAnswer };

  '/list-sessions': { input: undefined; output: Session[] };
  '/revoke-session': { input: { token: string }; output: StatusAnswer };
  '/revoke-sessions': { input: undefined; output: StatusAnswer };
  '/revoke-other-sessions': { input: undefined; output: StatusAnswer };

  '/forget-password': { input: { email: string; redirectTo?: string }; output: StatusAnswer };
  '/reset-password': { input: { newPassword: string; token?: string }; output: StatusAnswer };
  '/send-verification-email': {
    input: { email: string; callbackURL?: string };
    output: StatusAnswer;
  };
  '/verify-email': {
    input: { token: string; callbackURL?: string };
    output: { status: boolean; user: User | null };
  };
  '/change-email': { input: { newEmail: string; callbackURL?: string }; output: StatusAnswer };
  '/change-password': {
    input: { newPassword: string; currentPassword: string; revokeOtherSessions?: boolean };
    output: TokenUserAnswer;
  };
  '/update-user': { input: UpdateUserInput; output: StatusAnswer };
  '/delete-user': {
    input: DeleteUserInput | undefined;
    output: { success: boolean; message: string };
  };

  '/list-accounts': { input: undefined; output: LinkedAccount[] };
  '/link-social': { input: { provider: string; callbackURL?: string }; output: RedirectAnswer };
  '/unlink-account': {
    input: { providerId: string; accountId?: string };
    output: StatusAnswer;
  };
  '/is-username-available': { input: { username: string }; output: { available: boolean } };

  '/two-factor/enable': {
    input: { password: string };
    output: { totpURI: string; backupCodes: string[] };
  };
  '/two-factor/disable': { input: { password: string }; output: StatusAnswer };
  '/two-factor/get-totp-uri': { input: { password: string }; output: { totpURI: string } };
  '/two-factor/verify-totp': { input: TwoFactorCodeInput; output: TokenUserAnswer };
  '/two-factor/send-otp': { input: undefined; output: StatusAnswer };
  '/two-factor/verify-otp': { input: TwoFactorCodeInput; output: TokenUserAnswer };
  '/two-factor/verify-backup-code': { input: TwoFactorCodeInput; output: TokenUserAnswer };
  '/two-factor/generate-backup-codes': {
    input: { password: string };
    output: { status: boolean; backupCodes: string[] };
  };

  '/organization/create': {
    input: {
      name: string;
      slug: string;
      userId?: string;
      logo?: string;
      metadata?: Record<string, unknown>;
    };
    output: Organization & { members?: Member[] };
  };
  '/organization/update': {
    input: {
      data: {
        name?: string;
        slug?: string;
        logo?: string;
        metadata?: Record<string, unknown>;
      };
      organizationId?: string;
    };
    output: Organization;
  };
  '/organization/delete': { input: { organizationId: string }; output: unknown };
  '/organization/list': { input: undefined; output: Organization[] };
  '/organization/get-full-organization': {
    input: { organizationId?: string; organizationSlug?: string } | undefined;
    output: FullOrganization | null;
  };
  '/organization/set-active': {
    input: { organizationId: string | null } | { organizationSlug: string };
    output: FullOrganization | null;
  };
  '/organization/get-active-member': { input: undefined; output: Member | null };
  '/organization/list-members': {
    input: { organizationId?: string; limit?: number; offset?: number } | undefined;
    output: { members: MemberWithUser[]; total: number };
  };
  '/organization/invite-member': {
    input: { email: string; role: string; organizationId?: string; resend?: boolean };
    output: Invitation;
  };
  '/organization/list-invitations': {
    input: { organizationId?: string } | undefined;
    output: Invitation[];
  };
  '/organization/get-invitation': { input: { id: string }; output: InvitationDetails };
  '/organization/accept-invitation': {
    input: InvitationIdInput;
    output: { invitation: Invitation; member: Member };
  };
  '/organization/reject-invitation': {
    input: InvitationIdInput;
    output: { invitation: Invitation; member: null };
  };
  '/organization/cancel-invitation': { input: InvitationIdInput; output: Invitation | null };
  '/organization/remove-member': {
    input: { memberIdOrEmail: string; organizationId?: string };
    output: { member: Member };
  };
  '/organization/update-member-role': {
    input: { memberId: string; role: string; organizationId?: string };
    output: Member;
  };
  '/organization/leave': { input: { organizationId: string }; output: unknown };
  '/organization/check-slug': { input: { slug: string }; output: StatusAnswer };

  '/admin/list-users': { input: ListUsersQuery | undefined; output: ListUsersAnswer };
  '/admin/create-user': {
    input: {
      email: string;
      password: string;
      name: string;
      role?: string;
      data?: Record<string, unknown>;
    };
    output: UserAnswer;
  };
  '/admin/set-role': { input: { userId: string; role: string }; output: UserAnswer };
  '/admin/ban-user': {
    input: { userId: string; banReason?: string; banExpiresIn?: number };
    output: UserAnswer;
  };
  '/admin/unban-user': { input: { userId: string }; output: UserAnswer };
  '/admin/impersonate-user': { input: { userId: string }; output: SessionData };
  '/admin/stop-impersonating': { input: undefined; output: SessionData };
  '/admin/list-user-sessions': { input: { userId: string }; output: { sessions: Session[] } };
  '/admin/revoke-user-session': { input: { sessionToken: string }; output: SuccessAnswer };
  '/admin/revoke-user-sessions': { input: { userId: string }; output: SuccessAnswer };
  '/admin/remove-user': { input: { userId: string }; output: SuccessAnswer };
  '/admin/set-user-password': {
    input: { userId: string; newPassword: string };
    output: StatusAnswer;
  };
}

export type RoutePath = keyof RouteMap;
export type RouteInput<P extends RoutePath> = RouteMap[P]['input'];
export type RouteOutput<P extends RoutePath> = RouteMap[P]['output'];
