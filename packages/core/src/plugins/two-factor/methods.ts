import type { AuthContext } from '../../context.js';
import { extension } from '../../extension.js';
import { findTwoFactor } from './store.js';

/**
 * The second factors a waiting sign-in may use, as `twoFactorMethods` of its
 * `{ twoFactorRedirect: true, twoFactorMethods }` answer (better-auth 1.7's names: `totp`,
 * `otp`; other plugins add theirs, e.g. `passkey`). The app picks its screen from it.
 */
export interface SecondFactorMethod {
  /** The name the answer lists. */
  id: string;
  /** Whether this user can give it now. */
  available(auth: AuthContext, userId: string): Promise<boolean>;
}

// A slot of its own (not the plugin's config): another plugin's init may run before ours.
const offered = extension<SecondFactorMethod[]>('two-factor:methods');

/**
 * The seam for other plugins: call in `init` to offer a second factor of your own (the passkey
 * plugin offers `passkey` for users who have one). Harmless when two-factor is off.
 */
export function offerSecondFactor(auth: AuthContext, method: SecondFactorMethod): void {
  const list = offered.find(auth) ?? [];
  if (!offered.find(auth)) offered.set(auth, list);
  list.push(method);
}

/**
 * The methods this user can use, in better-auth's order: `totp` once an authenticator app was
 * confirmed (a verified TOTP enrolment), `otp` always (the mailed code: a mailer always exists,
 * SMTP or the log), then those other plugins offer.
 */
export async function secondFactorMethods(auth: AuthContext, userId: string): Promise<string[]> {
  const methods: string[] = [];
  const row = await findTwoFactor(auth, userId);
  if (row?.verified === true) methods.push('totp');
  methods.push('otp');
  for (const method of offered.find(auth) ?? []) if (await method.available(auth, userId)) methods.push(method.id);
  return methods;
}
