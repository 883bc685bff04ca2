/**
 * Request and answer shapes of the Gatehouse API.
 *
 * Requests (every call's payload) are derived from the server's zod schemas through
 * `GatehouseRoutes` (@gatehouse/core, imported as a type only: nothing of the server
 * reaches the bundle), so renaming a field on the server breaks this package's build.
 *
 * Answers are still written by hand from the specification (sections 3 and 7) and
 * CONTRACT.md: a handler answers a plain value whose type `defineEndpoint` does not
 * keep, and what travels is its JSON (dates as ISO strings, so typed as `string`) with
 * the user fields of whichever plugins the server runs.
 */

import type { GatehouseRoutes } from '@gatehouse/core';

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

// ------------------------------------------------------------ special answers

/** A password sign-in answers this instead when two-factor is on. */
export interface TwoFactorRedirectAnswer {
  twoFactorRedirect: true;
}

export type SignInEmailAnswer =
  | { redirect: boolean; token: string; url?: string | null; user: User }
  | TwoFactorRedirectAnswer;

export type SignInUsernameAnswer = { token: string; user: User } | TwoFactorRedirectAnswer;

export type SignInSocialAnswer =
  | RedirectAnswer
  | { redirect: false; token: string; user: User; url?: undefined };

export interface ListUsersAnswer {
  users: User[];
  total: number;
  limit?: number;
  offset?: number;
}

// ---------------------------------------------------------------- route map

/** Query schemas that coerce (`z.coerce.number()`) accept `unknown`; in a URL it is a `QueryValue`. */
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };

/**
 * A route's payload from the server's schemas: its JSON body, or for a route without
 * one (GET) its query. Optional (`| undefined`) when every field is: the server reads
 * a missing body or query as `{}`.
 */
type Payload<P extends keyof GatehouseRoutes> = OptionalWhenEmpty<
  GatehouseRoutes[P]['body'] extends undefined ? QueryInput<GatehouseRoutes[P]['query']> : GatehouseRoutes[P]['body']
>;
type OptionalWhenEmpty<T> = T extends undefined ? undefined : object extends T ? T | undefined : T;

/**
 * The answer of every route the client calls (written by hand, see the file's head).
 * Its keys must be server paths: `Payload` refuses any other.
 */
interface RouteAnswers {
  '/get-session': SessionData | null;
  '/providers': ProvidersInfo;
  '/ok': { ok: boolean };

  '/sign-up/email': TokenUserAnswer;
  '/sign-in/email': SignInEmailAnswer;
  '/sign-in/username': SignInUsernameAnswer;
  '/sign-in/social': SignInSocialAnswer;
  '/sign-out': SuccessAnswer;

  '/list-sessions': Session[];
  '/revoke-session': StatusAnswer;
  '/revoke-sessions': StatusAnswer;
  '/revoke-other-sessions': StatusAnswer;

  '/forget-password': StatusAnswer;
  '/reset-password': StatusAnswer;
  '/send-verification-email': StatusAnswer;
  '/verify-email': { status: boolean; user: User | null };
  '/change-email': StatusAnswer;
  '/change-password': TokenUserAnswer;
  '/update-user': StatusAnswer;
  '/delete-user': { success: boolean; message: string };

  '/list-accounts': LinkedAccount[];
  '/link-social': RedirectAnswer;
  '/unlink-account': StatusAnswer;
  '/is-username-available': { available: boolean };

  '/two-factor/enable': { totpURI: string; backupCodes: string[] };
  '/two-factor/disable': StatusAnswer;
  '/two-factor/get-totp-uri': { totpURI: string };
  '/two-factor/verify-totp': TokenUserAnswer;
  '/two-factor/send-otp': StatusAnswer;
  '/two-factor/verify-otp': TokenUserAnswer;
  '/two-factor/verify-backup-code': TokenUserAnswer;
  '/two-factor/generate-backup-codes': { status: boolean; backupCodes: string[] };

  '/organization/create': Organization & { members?: Member[] };
  '/organization/update': Organization;
  '/organization/delete': unknown;
  '/organization/list': Organization[];
  '/organization/get-full-organization': FullOrganization | null;
  '/organization/set-active': FullOrganization | null;
  '/organization/get-active-member': Member | null;
  '/organization/list-members': { members: MemberWithUser[]; total: number };
  '/organization/invite-member': Invitation;
  '/organization/list-invitations': Invitation[];
  '/organization/get-invitation': InvitationDetails;
  '/organization/accept-invitation': { invitation: Invitation; member: Member };
  '/organization/reject-invitation': { invitation: Invitation; member: null };
  '/organization/cancel-invitation': Invitation | null;
  '/organization/remove-member': { member: Member };
  '/organization/update-member-role': Member;
  '/organization/leave': unknown;
  '/organization/check-slug': StatusAnswer;

  '/admin/list-users': ListUsersAnswer;
  '/admin/create-user': UserAnswer;
  '/admin/set-role': UserAnswer;
  '/admin/ban-user': UserAnswer;
  '/admin/unban-user': UserAnswer;
  '/admin/impersonate-user': SessionData;
  '/admin/stop-impersonating': SessionData;
  '/admin/list-user-sessions': { sessions: Session[] };
  '/admin/revoke-user-session': SuccessAnswer;
  '/admin/revoke-user-sessions': SuccessAnswer;
  '/admin/remove-user': SuccessAnswer;
  '/admin/set-user-password': StatusAnswer;
}

/**
 * Every route the client calls: its payload (`input`, sent as the JSON body or, for
 * GET routes, as the query; derived from the server) and its answer (`output`).
 * `undefined` in `input` makes the payload optional.
 */
export type RouteMap = { [P in keyof RouteAnswers]: { input: Payload<P>; output: RouteAnswers[P] } };

export type RoutePath = keyof RouteMap;
export type RouteInput<P extends RoutePath> = RouteMap[P]['input'];
export type RouteOutput<P extends RoutePath> = RouteMap[P]['output'];

/** The query of `GET /admin/list-users` (from the server's schema). */
export type ListUsersQuery = NonNullable<RouteInput<'/admin/list-users'>>;
