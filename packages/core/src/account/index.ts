import type { AnyEndpoint } from '../endpoint.js';
import type { CoreOptions } from '../options.js';
import { definePlugin } from '../plugin.js';
import { ACCOUNT_ERRORS } from './errors.js';
import { ACCOUNT_MESSAGES } from './translations.js';
import { changeEmail } from './routes/change-email.js';
import { changePassword } from './routes/change-password.js';
import { deleteUserCallback } from './routes/delete-user-callback.js';
import { deleteUser } from './routes/delete-user.js';
import { forgetPassword, requestPasswordReset } from './routes/forget-password.js';
import { resetPasswordCallback } from './routes/reset-password-callback.js';
import { resetPassword } from './routes/reset-password.js';
import { sendVerificationEmail } from './routes/send-verification-email.js';
import { setPassword } from './routes/set-password.js';
import { updateUser } from './routes/update-user.js';
import { verifyEmail } from './routes/verify-email.js';
import { sendVerification, type EmailVerificationService } from './verification.js';

/** The account routes with their precise types (route-types.ts derives the client's from them). */
export const accountRoutes = [
  sendVerificationEmail,
  verifyEmail,
  forgetPassword,
  requestPasswordReset,
  resetPasswordCallback,
  resetPassword,
  changePassword,
  setPassword,
  updateUser,
  changeEmail,
] as const;

/** Only while `user.deleteUser.enabled`. */
export const deleteUserRoutes = [deleteUser, deleteUserCallback] as const;

/**
 * The account lifecycle (spec sections 2–7): email verification, password
 * reset and change, profile and email changes, account deletion. Publishes
 * `auth.extensions.emailVerification` for the sign-in and sign-up routes.
 * Delete-user exists only while `user.deleteUser.enabled` (else its routes answer 404).
 */
export function accountPlugin(options: CoreOptions) {
  const endpoints: AnyEndpoint[] = [...accountRoutes];
  if (options.user?.deleteUser?.enabled !== false) endpoints.push(...deleteUserRoutes);

  return definePlugin({
    id: 'account',
    endpoints,
    errors: ACCOUNT_ERRORS,
    messages: ACCOUNT_MESSAGES,
    init(auth) {
      const service: EmailVerificationService = {
        sendVerification: (user, callbackURL) => sendVerification(auth, user, callbackURL),
      };
      auth.extensions.emailVerification = service;
    },
  });
}

export type { EmailVerificationService } from './verification.js';
