import { z } from 'zod';
import { type AuthContext, extension, wholeNumber } from '../../kit.js';

/** How many sessions one browser may hold at most: each is a cookie sent with every request. */
export const MAXIMUM_SESSIONS_LIMIT = 20;

/** The `multiSession` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const multiSessionOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** How many accounts one browser keeps signed in at once (default 5, 1 to 20); the oldest is signed out past it. */
  maximumSessions: wholeNumber(1, MAXIMUM_SESSIONS_LIMIT).optional(),
});

export type MultiSessionOptions = z.input<typeof multiSessionOptions>;

export interface MultiSessionConfig {
  maximumSessions: number;
}

/** The options with their defaults (their ranges are the schema's, checked by `createAuth`). */
export function resolveMultiSessionOptions(o: MultiSessionOptions): MultiSessionConfig {
  return { maximumSessions: o.maximumSessions ?? 5 };
}

const config = extension<MultiSessionConfig>('multi-session');

/** Sets this instance's options (the plugin's `init`). */
export const useMultiSessionConfig = config.set;

export function multiSessionConfig(auth: AuthContext): MultiSessionConfig {
  return config.get(auth);
}
