import { definePlugin, fail } from '../../kit.js';
import { lookUpBreach } from './breached.js';
import { type PasswordList, shippedCommonPasswords } from './common-passwords.js';
import { type PasswordPolicyOptions, resolvePasswordPolicy } from './config.js';
import { PASSWORD_POLICY_ERRORS, passwordPolicyError } from './errors.js';
import { PASSWORD_POLICY_MESSAGES } from './translations.js';

export type { PasswordPolicyInfo } from './client.js';
export type { PasswordPolicyOptions, PasswordPreset } from './config.js';

/**
 * The password policy (issue 17; NIST SP 800-63B-4, OWASP ASVS 5.0 6.2): runs wherever a password
 * is set, after `emailAndPassword`'s lengths. With the 'nist-800-63b-4' preset, 15 characters for a
 * password alone and 8 for a user whose password sign-in goes on to a second factor; common
 * passwords refused (on by default); an optional breached-password lookup by k-anonymity, failing
 * open. No composition rules and no expiry, under either preset. `/providers` tells the app the
 * lengths in effect (`features.passwordPolicy`).
 */
export function passwordPolicyPlugin(options: PasswordPolicyOptions | undefined, lengths: { min?: number; max?: number }) {
  const config = resolvePasswordPolicy(options, lengths);
  let common: PasswordList | null = null;
  return definePlugin({
    id: 'password-policy',
    features: { passwordPolicy: config.info },
    errors: PASSWORD_POLICY_ERRORS,
    messages: PASSWORD_POLICY_MESSAGES,
    async init() {
      // Read before the first request (once per process), so that no sign-up waits for it.
      if (config.blockCommon) common = await shippedCommonPasswords();
    },
    async checkPassword({ password, userId }, services) {
      const { nist } = config;
      // A second factor is looked up only when the password is short enough for it to matter.
      if (nist && password.length < nist.alone) {
        const needed = (await services.hasSecondFactor(userId)) ? nist.withSecondFactor : nist.alone;
        if (password.length < needed) fail('BAD_REQUEST', 'PASSWORD_TOO_SHORT');
      }
      if (common && (await common.has(password))) throw passwordPolicyError('BAD_REQUEST', 'PASSWORD_COMPROMISED');
      if (config.breached && (await lookUpBreach(password, config.breached, services.logger)) === 'breached') {
        throw passwordPolicyError('BAD_REQUEST', 'PASSWORD_COMPROMISED');
      }
    },
  });
}
