import { type AuthContext, extension, keysOf } from '../../kit.js';

/** What a library user's own sender gets: the address, the link and its token. */
export interface MagicLinkMail {
  email: string;
  url: string;
  token: string;
  /** True when no account has this address yet (the link would create one). */
  newUser: boolean;
}

/** The `magicLink` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export interface MagicLinkOptions {
  enabled?: boolean;
  /** How long a link works, in seconds (default 300). */
  expiresIn?: number;
  /** When true, a link never creates an account: unknown addresses get no mail (default false). */
  disableSignUp?: boolean;
  /** Links mailed per address and window, whoever asks (default 5 per 900 s). Counted even when `rateLimit.enabled` is off. */
  perAddress?: { window?: number; max?: number };
  /** Sends the link instead of the built-in mail (e.g. through another channel). */
  sendMagicLink?: (mail: MagicLinkMail) => Promise<void>;
}

/** Its keys, for the unknown-key check (option-keys.ts); the compiler keeps them in step with the interface. */
export const magicLinkOptionKeys = keysOf<MagicLinkOptions>({
  enabled: true,
  expiresIn: true,
  disableSignUp: true,
  perAddress: keysOf<NonNullable<MagicLinkOptions['perAddress']>>({ window: true, max: true }),
  sendMagicLink: true,
});

export interface MagicLinkConfig {
  expiresIn: number;
  disableSignUp: boolean;
  perAddress: { window: number; max: number };
  sendMagicLink?: (mail: MagicLinkMail) => Promise<void>;
}

/** The options with their defaults. */
export function resolveMagicLinkOptions(o: MagicLinkOptions = {}): MagicLinkConfig {
  const seconds = (v: number | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    if (!Number.isInteger(v) || v < 1) throw new Error(`magicLink.${name} must be a whole number of at least 1, got ${v}`);
    return v;
  };
  return {
    expiresIn: seconds(o.expiresIn, 300, 'expiresIn'),
    disableSignUp: o.disableSignUp === true,
    perAddress: { window: seconds(o.perAddress?.window, 900, 'perAddress.window'), max: seconds(o.perAddress?.max, 5, 'perAddress.max') },
    sendMagicLink: o.sendMagicLink,
  };
}

const config = extension<MagicLinkConfig>('magic-link');

/** Sets this instance's options (the plugin's `init`). */
export const useMagicLinkConfig = config.set;

export function magicLinkConfig(auth: AuthContext): MagicLinkConfig {
  return config.get(auth);
}
