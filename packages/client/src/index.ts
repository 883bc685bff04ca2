export {
  type AuthClient,
  type AuthClientOptions,
  type ClientStore,
  createAuthClient,
  type SessionDataOf,
} from './client.js';
export {
  buildURL,
  type CallOptions,
  type FetchOptions,
  isRedirectAnswer,
  type Method,
  type Query,
  type QueryValue,
  type RequestSpec,
} from './fetcher.js';
export { type AuthError, type AuthResult, type FieldIssue, NETWORK_ERROR } from './result.js';
export { createRouteTable, type RouteTable } from './routes.js';
export type { SessionState, SessionStore } from './session-store.js';
export type { ChangeSignal } from './signal.js';
export type {
  AnswerOf,
  Call,
  Calls,
  CamelCase,
  ClientPluginLike,
  ClientRoutes,
  InputOf,
  Payload,
  RouteShape,
  SignalName,
} from './types.js';
