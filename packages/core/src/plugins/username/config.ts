import { z } from 'zod';
import { callback, wholeNumber } from '../../kit.js';

/** The `username` options (CONTRACT.md "Options object"). */
export const usernameOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The shortest username (default 3). */
  minUsernameLength: wholeNumber(1).optional(),
  /** The longest username (default 30). */
  maxUsernameLength: wholeNumber(1).optional(),
  /** Which usernames are allowed (default: ASCII letters, digits and underscores). */
  usernameValidator: callback<(username: string) => boolean>().optional(),
});

export type UsernameOptions = z.input<typeof usernameOptions>;
