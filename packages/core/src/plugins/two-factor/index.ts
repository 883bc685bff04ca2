import { definePlugin, twoFactorSeam } from '../../kit.js';
import { removeSecondFactorOnAdoption } from './adoption.js';
import { type Challenge, failChallenge, openChallenge, passChallenge, secondFactorPassed } from './challenge.js';
import { type TwoFactorOptions, resolveTwoFactorOptions, useTwoFactorConfig } from './config.js';
import { TWO_FACTOR_ERRORS, twoFactorError } from './errors.js';
import { readPending, startPending } from './pending.js';
import { resetTwoFactor } from './reset.js';
import { disableTwoFactor } from './routes/disable.js';
import { enableTwoFactor } from './routes/enable.js';
import { generateBackupCodesRoute } from './routes/generate-backup-codes.js';
import { getTotpUri } from './routes/get-totp-uri.js';
import { sendTwoFactorOtp } from './routes/send-otp.js';
import { verifyBackupCode } from './routes/verify-backup-code.js';
import { verifyTwoFactorOtp } from './routes/verify-otp.js';
import { verifyTotp } from './routes/verify-totp.js';
import { secondFactorMethods } from './methods.js';
import { isTrusted } from './trust.js';
import { TWO_FACTOR_MESSAGES } from './translations.js';

export type { TwoFactorAuditEvent } from './audit-events.js';
export type { TwoFactorOptions } from './config.js';

/**
 * After a password, a two-factor user is asked for the second factor; after any other first
 * factor only when its sign-in says `secondFactorDue` (a mailed code or link proves the
 * mailbox only, as a reset link does). Social sign-ins and passkeys are not asked.
 */

// Limits for when rate limiting is on: guesses and mails are the costly requests.
const STRICT = { window: 10, max: 3 };

/** The two-factor routes with their precise types (route-types.ts derives the client's from them). */
export const twoFactorRoutes = [
  enableTwoFactor,
  disableTwoFactor,
  getTotpUri,
  generateBackupCodesRoute,
  verifyTotp,
  sendTwoFactorOtp,
  verifyTwoFactorOtp,
  verifyBackupCode,
] as const;

/**
 * Two-factor sign-in (spec sections 1, 4, 9; CONTRACT.md "Two-factor routes"): TOTP,
 * codes by mail, backup codes, trusted devices. A password sign-in of a user with
 * two-factor on (or any sign-in whose first factor says `secondFactorDue`, e.g. a magic link)
 * gets `{ twoFactorRedirect: true, twoFactorMethods }` (the second factors this user can give:
 * `totp`, `otp`, `passkey`) and a two-factor cookie instead of a session; a verify
 * route then makes the session. Options: `twoFactor.issuer`,
 * `otpExpiresIn` (s, default 300), `maxAttempts` (default 5).
 */
export function twoFactorPlugin(options: TwoFactorOptions = {}) {
  const config = resolveTwoFactorOptions(options);
  return definePlugin({
    id: 'two-factor',
    features: { twoFactor: true },
    schema: {
      user: { fields: { twoFactorEnabled: { type: 'boolean', defaultValue: false, index: true } } },
      twoFactor: {
        fields: {
          userId: { type: 'string', required: true, unique: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
          secret: { type: 'string', required: true, long: true, returned: false },
          backupCodes: { type: 'string', required: true, long: true, returned: false },
          verified: { type: 'boolean', defaultValue: false },
          /** The last TOTP time step accepted: a code is good once. */
          lastTotpStep: { type: 'number', returned: false },
        },
      },
    },
    endpoints: twoFactorRoutes,
    errors: TWO_FACTOR_ERRORS,
    messages: TWO_FACTOR_MESSAGES,
    // Two-factor is on for a user once a first code confirmed it (verify-totp sets the flag).
    onAccountAdopted: removeSecondFactorOnAdoption,
    async hasSecondFactor(adapter, userId) {
      const user = await adapter.findOne<{ twoFactorEnabled?: boolean | null }>('user', [{ field: 'id', value: userId }]);
      return user?.twoFactorEnabled === true;
    },
    rateLimit: {
      '/two-factor/verify-totp': STRICT,
      '/two-factor/verify-otp': STRICT,
      '/two-factor/verify-backup-code': STRICT,
      '/two-factor/send-otp': { window: 60, max: 3 },
      '/two-factor/enable': STRICT,
      '/two-factor/disable': STRICT,
      '/two-factor/get-totp-uri': STRICT,
      '/two-factor/generate-backup-codes': STRICT,
    },
    async beforeSignIn(c, { user, rememberMe, method, secondFactorDue }) {
      if ((method !== 'password' && !secondFactorDue) || !user.twoFactorEnabled || secondFactorPassed.has(c)) return undefined;
      if (await isTrusted(c, String(user.id))) return undefined;
      await startPending(c, String(user.id), rememberMe, method);
      return { twoFactorRedirect: true, twoFactorMethods: await secondFactorMethods(c.auth, String(user.id)) };
    },
    init(auth) {
      useTwoFactorConfig(auth, config);
      // The challenge, for another capability's second factor (a passkey instead of a code).
      twoFactorSeam.set(auth, {
        waitingUserId: async (c) => (await readPending(c))?.userId ?? null,
        open: openChallenge,
        fail: (c, challenge) => failChallenge(c, challenge as Challenge),
        pass: (c, challenge, opts) => passChallenge(c, challenge as Challenge, opts),
        noWaitingSignIn: () => twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE'),
        resetFor: resetTwoFactor,
      });
    },
  });
}
