import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { twoFactorRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the two-factor plugin runs. */
  interface PublicFeatures {
    twoFactor: boolean;
  }
  /** The two-factor plugin's user field (its schema in index.ts): on after the first TOTP verification. */
  interface PublicUser {
    twoFactorEnabled?: boolean | null;
  }
  /** A password sign-in of a user with two-factor on answers this instead of a session (the methods: `totp`, `otp`, `passkey`). */
  interface SignInInterceptions {
    twoFactor: { twoFactorRedirect: true; twoFactorMethods: string[] };
  }
}

export type TwoFactorRoutes = RoutesOf<(typeof twoFactorRoutes)[number]>;

/** The two-factor plugin's client side. */
export const twoFactorClient: ClientPlugin<TwoFactorRoutes> = {
  id: 'two-factor',
  methods: {
    '/two-factor/enable': 'POST',
    '/two-factor/disable': 'POST',
    '/two-factor/get-totp-uri': 'POST',
    '/two-factor/generate-backup-codes': 'POST',
    '/two-factor/verify-totp': 'POST',
    '/two-factor/send-otp': 'POST',
    '/two-factor/verify-otp': 'POST',
    '/two-factor/verify-backup-code': 'POST',
  },
  changesSession: {
    '/two-factor/enable': true,
    '/two-factor/disable': true,
    '/two-factor/verify-totp': true,
    '/two-factor/verify-otp': true,
    '/two-factor/verify-backup-code': true,
  },
};
