import { z } from 'zod';
import { type AuthContext, callback, extension, wholeNumber } from '../../kit.js';

/** What a library user's own sender gets: the address, the link and its token. */
export interface MagicLinkMail {
  email: string;
  url: string;
  token: string;
  /** True when no account has this address yet (the link would create one). */
  newUser: boolean;
}

/** The `magicLink` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const magicLinkOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** How long a link works, in seconds (default 300). */
  expiresIn: wholeNumber(1).optional(),
  /** When true, a link never creates an account: unknown addresses get no mail (default false). */
  disableSignUp: z.boolean().optional(),
  /** Links mailed per address and window, whoever asks (default 5 per 900 s). Counted even when `rateLimit.enabled` is off. */
  perAddress: z.strictObject({ window: wholeNumber(1).optional(), max: wholeNumber(1).optional() }).optional(),
  /** Sends the link instead of the built-in mail (e.g. through another channel). */
  sendMagicLink: callback<(mail: MagicLinkMail) => Promise<void>>().optional(),
});

export type MagicLinkOptions = z.input<typeof magicLinkOptions>;

export interface MagicLinkConfig {
  expiresIn: number;
  disableSignUp: boolean;
  perAddress: { window: number; max: number };
  sendMagicLink?: (mail: MagicLinkMail) => Promise<void>;
}

/** The options with their defaults (their ranges are the schema's, checked by `createAuth`). */
export function resolveMagicLinkOptions(o: MagicLinkOptions = {}): MagicLinkConfig {
  return {
    expiresIn: o.expiresIn ?? 300,
    disableSignUp: o.disableSignUp === true,
    perAddress: { window: o.perAddress?.window ?? 900, max: o.perAddress?.max ?? 5 },
    sendMagicLink: o.sendMagicLink,
  };
}

const config = extension<MagicLinkConfig>('magic-link');

/** Sets this instance's options (the plugin's `init`). */
export const useMagicLinkConfig = config.set;

export function magicLinkConfig(auth: AuthContext): MagicLinkConfig {
  return config.get(auth);
}
