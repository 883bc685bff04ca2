import { extension } from '../../kit.js';
import type { UsernameOptions } from './config.js';
import { usernameError } from './errors.js';

export interface UsernameRules {
  min: number;
  max: number;
  valid(username: string): boolean;
}

// Letters, digits and underscore (spec section 5); ASCII only, so look-alikes cannot be registered.
const DEFAULT_PATTERN = /^[A-Za-z0-9_]+$/;

export type { UsernameOptions } from './config.js';

/** The options with their defaults: 3 to 30 letters, digits and underscores. */
export function usernameRules(o: UsernameOptions = {}): UsernameRules {
  return {
    min: o.minUsernameLength ?? 3,
    max: o.maxUsernameLength ?? 30,
    valid: o.usernameValidator ?? ((u) => DEFAULT_PATTERN.test(u)),
  };
}

/** The rules of this auth instance, set by the plugin's `init`. */
export const usernameConfig = extension<UsernameRules>('username');

/** The stored form: usernames are unique case-insensitively, so they are kept lowercased. */
export function normalizeUsername(username: string): string {
  return username.toLowerCase();
}

/** Throws the 422 the spec names for a username that breaks the rules; answers its stored form. */
export function checkUsername(rules: UsernameRules, username: unknown): string {
  if (typeof username !== 'string') throw usernameError('UNPROCESSABLE_ENTITY', 'INVALID_USERNAME');
  if (username.length < rules.min) throw usernameError('UNPROCESSABLE_ENTITY', 'USERNAME_TOO_SHORT');
  if (username.length > rules.max) throw usernameError('UNPROCESSABLE_ENTITY', 'USERNAME_TOO_LONG');
  if (!rules.valid(username)) throw usernameError('UNPROCESSABLE_ENTITY', 'INVALID_USERNAME');
  return normalizeUsername(username);
}
