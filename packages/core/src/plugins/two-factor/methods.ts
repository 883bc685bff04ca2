import { type AuthContext, offeredSecondFactors } from '../../kit.js';
import { findTwoFactor } from './store.js';

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
  for (const method of offeredSecondFactors(auth)) if (await method.available(auth, userId)) methods.push(method.id);
  return methods;
}
