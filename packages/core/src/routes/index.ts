import type { AnyEndpoint } from '../endpoint.js';
import { errorPage } from './error-page.js';
import { getSession } from './get-session.js';
import { listSessions } from './list-sessions.js';
import { ok, ready } from './ok.js';
import { providers } from './providers.js';
import { revokeOtherSessions, revokeSession, revokeSessions } from './revoke-session.js';
import { signInEmail } from './sign-in-email.js';
import { signOut } from './sign-out.js';
import { signUpEmail } from './sign-up-email.js';

/** The core's own routes (spec section 2), with their precise types (route-types.ts derives the client's from them). */
export const coreRoutes = [
  signUpEmail,
  signInEmail,
  signOut,
  getSession,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  ok,
  ready,
  errorPage,
  providers,
] as const;

/** The core's own routes (spec section 2); plugins add theirs. */
export const coreEndpoints: readonly AnyEndpoint[] = coreRoutes;
