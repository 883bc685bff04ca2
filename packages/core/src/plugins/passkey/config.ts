import { z } from 'zod';
import { type AuthContext, extension, httpURL } from '../../kit.js';

/** A ceremony's challenge is good for 5 minutes, once. */
export const CHALLENGE_SECONDS = 300;

/** A page origin ceremonies may come from. */
const origin = httpURL();

/** The `passkey` options (CONTRACT.md "Beyond the specification"). Off unless `enabled`. */
export const passkeyOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** The relying party id: a domain (default: the base URL's host name). */
  rpID: z.string().min(1).optional(),
  /** The name authenticators show (default 'Gatehouse'). */
  rpName: z.string().min(1).optional(),
  /** The page origin(s) ceremonies may come from (default: the base URL's origin). */
  origin: z.union([origin, z.array(origin)]).optional(),
});

export type PasskeyOptions = z.input<typeof passkeyOptions>;

export interface PasskeyConfig {
  rpID: string;
  rpName: string;
  origins: string[];
}

/** The options with their defaults, from the instance's base URL. */
export function resolvePasskeyOptions(o: PasskeyOptions, baseURL: string): PasskeyConfig {
  const base = new URL(baseURL);
  const origins = o.origin === undefined ? [base.origin] : Array.isArray(o.origin) ? o.origin : [o.origin];
  return {
    rpID: o.rpID ?? base.hostname,
    rpName: o.rpName ?? 'Gatehouse',
    origins: origins.map((u) => new URL(u).origin),
  };
}

const config = extension<PasskeyConfig>('passkey');

/** Sets this instance's options (the plugin's `init`). */
export const usePasskeyConfig = config.set;

export function passkeyConfig(auth: AuthContext): PasskeyConfig {
  return config.get(auth);
}
