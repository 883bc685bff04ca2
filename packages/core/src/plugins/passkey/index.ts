import { assertPeer, definePlugin, offerSecondFactor } from '../../kit.js';
import { removePasskeysOnAdoption } from './adoption.js';
import { type PasskeyOptions, resolvePasskeyOptions, usePasskeyConfig } from './config.js';
import { PASSKEY_ERRORS } from './errors.js';
import { deletePasskey } from './routes/delete-passkey.js';
import { generateAuthenticateOptions } from './routes/generate-authenticate-options.js';
import { generateRegisterOptions } from './routes/generate-register-options.js';
import { listUserPasskeys } from './routes/list-user-passkeys.js';
import { updatePasskey } from './routes/update-passkey.js';
import { verifyAuthentication } from './routes/verify-authentication.js';
import { verifyRegistration } from './routes/verify-registration.js';
import { verifyPasskeySecondFactor } from './routes/verify-second-factor.js';
import { passkeySchema } from './schema.js';
import { PASSKEY_MESSAGES } from './translations.js';

export type { PasskeyAuditEvent } from './audit-events.js';
export type { PasskeyOptions } from './config.js';
export type { Passkey } from './store.js';

/** The passkey routes with their precise types (route-types.ts derives the client's from them). */
export const passkeyRoutes = [
  generateRegisterOptions,
  verifyRegistration,
  generateAuthenticateOptions,
  verifyAuthentication,
  listUserPasskeys,
  updatePasskey,
  deletePasskey,
  verifyPasskeySecondFactor,
] as const;

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): add them when signed in, sign in with
 * one alone (usernameless, or from the email field's autofill), or as the second factor of a
 * password sign-in (POST /two-factor/verify-passkey), rename and delete them.
 * Options: `passkey.rpID`, `rpName`, `origin` (defaults from the base URL).
 */
export function passkeyPlugin(options: PasskeyOptions = {}) {
  return definePlugin({
    id: 'passkey',
    features: { passkey: true },
    schema: passkeySchema,
    endpoints: passkeyRoutes,
    errors: PASSKEY_ERRORS,
    messages: PASSKEY_MESSAGES,
    rateLimit: {
      '/passkey/verify-authentication': { window: 10, max: 5 },
      '/passkey/generate-authenticate-options': { window: 10, max: 10 },
      // As strict as the two-factor plugin's code checks.
      '/two-factor/verify-passkey': { window: 10, max: 3 },
    },
    onAccountAdopted: removePasskeysOnAdoption,
    init(auth) {
      usePasskeyConfig(auth, resolvePasskeyOptions(options, auth.baseURL));
      // Its library is an optional peer: a server with passkeys on and without it does not start
      // (the library itself loads at the first ceremony).
      assertPeer('@simplewebauthn/server');
      // A waiting password sign-in lists `passkey` among its methods when the user has one.
      offerSecondFactor(auth, {
        id: 'passkey',
        available: async (a, userId) => (await a.adapter.findOne('passkey', [{ field: 'userId', value: userId }])) !== null,
      });
    },
  });
}
