export { type AuthClient, type AuthClientOptions, type Call, createAuthClient } from './client.js';
export { buildURL, type CallOptions, type FetchOptions, type RequestSpec } from './fetcher.js';
export { type HttpMethod, methodFor } from './method.js';
export { type AuthError, type AuthResult, NETWORK_ERROR } from './result.js';
export type { SessionState, SessionStore } from './session-store.js';
export type { ChangeSignal } from './signal.js';
export type {
  FullOrganization,
  Invitation,
  InvitationDetails,
  InvitationStatus,
  LinkedAccount,
  ListUsersAnswer,
  ListUsersQuery,
  Member,
  MemberWithUser,
  Organization,
  ProvidersInfo,
  Query,
  QueryValue,
  RouteInput,
  RouteMap,
  RouteOutput,
  RoutePath,
  Session,
  SessionData,
  SignInEmailAnswer,
  SignInSocialAnswer,
  SignInUsernameAnswer,
  TwoFactorRedirectAnswer,
  User,
} from './types.js';
