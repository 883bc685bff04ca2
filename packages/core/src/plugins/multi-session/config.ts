import { type AuthContext, extension, keysOf } from '../../kit.js';

/** How many sessions one browser may hold at most: each is a cookie sent with every request. */
export const MAXIMUM_SESSIONS_LIMIT = 20;

/** The `multiSession` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface MultiSessionOptions {
  enabled?: boolean;
  /** How many accounts one browser keeps signed in at once (default 5); the oldest is signed out past it. */
  maximumSessions?: number;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const multiSessionOptionKeys = keysOf<MultiSessionOptions>({ enabled: true, maximumSessions: true });

export interface MultiSessionConfig {
  maximumSessions: number;
}

/** The options with their defaults; a maximum that is not a whole number from 1 to 20 is refused at start. */
export function resolveMultiSessionOptions(o: MultiSessionOptions): MultiSessionConfig {
  const maximumSessions = o.maximumSessions ?? 5;
  if (!Number.isInteger(maximumSessions) || maximumSessions < 1 || maximumSessions > MAXIMUM_SESSIONS_LIMIT) {
    throw new Error(`multiSession.maximumSessions must be a whole number from 1 to ${MAXIMUM_SESSIONS_LIMIT}, got ${String(o.maximumSessions)}`);
  }
  return { maximumSessions };
}

const config = extension<MultiSessionConfig>('multi-session');

/** Sets this instance's options (the plugin's `init`). */
export const useMultiSessionConfig = config.set;

export function multiSessionConfig(auth: AuthContext): MultiSessionConfig {
  return config.get(auth);
}
