import { definePlugin } from '../../kit.js';
import { type MultiSessionOptions, resolveMultiSessionOptions, useMultiSessionConfig } from './config.js';
import { MULTI_SESSION_ERRORS } from './errors.js';
import { followSessionCookie } from './follow.js';
import { listDeviceSessions } from './routes/list-device-sessions.js';
import { revokeDeviceSession } from './routes/revoke.js';
import { setActiveSession } from './routes/set-active.js';
import { signOutAll } from './routes/sign-out-all.js';
import { MULTI_SESSION_MESSAGES } from './translations.js';

export type { MultiSessionAuditEvent } from './audit-events.js';
export type { MultiSessionOptions } from './config.js';

/** The multi-session routes with their precise types (route-types.ts derives the client's from them). */
export const multiSessionRoutes = [listDeviceSessions, setActiveSession, revokeDeviceSession, signOutAll] as const;

/**
 * Several accounts in one browser: every sign-in keeps the accounts already signed in here
 * (each in its own signed cookie, at most `maximumSessions`), the person switches between
 * them, and signing out ends only the active one. Options: `multiSession.maximumSessions`.
 */
export function multiSessionPlugin(options: MultiSessionOptions = {}) {
  return definePlugin({
    id: 'multi-session',
    features: { multiSession: true },
    endpoints: multiSessionRoutes,
    errors: MULTI_SESSION_ERRORS,
    messages: MULTI_SESSION_MESSAGES,
    after: followSessionCookie,
    init(auth) {
      useMultiSessionConfig(auth, resolveMultiSessionOptions(options));
    },
  });
}
