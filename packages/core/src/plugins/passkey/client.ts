import type { ClientPlugin, RoutesOf } from '../../kit.js';
import type { passkeyRoutes } from './index.js';

// Data only: the routes are imported as types, so a browser bundle gets none of the server.

declare module '../../public-types.js' {
  /** `GET /providers`: whether the passkey plugin runs. */
  interface PublicFeatures {
    passkey: boolean;
  }
}

export type PasskeyRoutes = RoutesOf<(typeof passkeyRoutes)[number]>;

/** The passkey plugin's client side (the WebAuthn ceremony itself runs in the page: @simplewebauthn/browser). */
export const passkeyClient: ClientPlugin<PasskeyRoutes> = {
  id: 'passkey',
  methods: {
    '/passkey/generate-register-options': 'GET',
    '/passkey/verify-registration': 'POST',
    '/passkey/generate-authenticate-options': 'GET',
    '/passkey/verify-authentication': 'POST',
    '/passkey/list-user-passkeys': 'GET',
    '/passkey/update-passkey': 'POST',
    '/passkey/delete-passkey': 'POST',
    '/two-factor/verify-passkey': 'POST',
  },
  changesSession: { '/passkey/verify-authentication': true, '/two-factor/verify-passkey': true },
};
