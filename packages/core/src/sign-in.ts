import type { AuthContext } from './context.js';
import { burnPasswordCheck } from './crypto/password.js';
import type { Row } from './db/types.js';
import type { EndpointContext } from './endpoint.js';
import type { Adopted } from './security/adoption.js';
import type { SessionRow, UserRow } from './session/types.js';

/**
 * The end of every first-factor sign-in: plugins may step in (their sign-in gates,
 * e.g. a second factor due), else a fresh session is made (a new token every time: no fixation).
 */
export async function completeSignIn(
  c: EndpointContext,
  user: UserRow,
  /** `secondFactor`: a second factor was passed (recorded with the sign-in event: how the session was signed in). */
  opts: { rememberMe: boolean; callbackURL?: string; method: string; secondFactorDue?: boolean; secondFactor?: boolean },
): Promise<{ intercepted: unknown } | { session: SessionRow; token: string; user: UserRow }> {
  for (const gate of c.signInGates) {
    const answer = await gate(c, { user, ...opts });
    if (answer !== undefined) return { intercepted: answer };
  }
  const { session, token } = await c.auth.sessions.create(c, user.id, { dontRemember: !opts.rememberMe });
  c.auth.sessions.setCookies(c, { session, user, token }, !opts.rememberMe);
  await c.auth.audit.record(c, 'sign-in.success', {
    userId: user.id,
    actorId: user.id,
    details: { method: opts.method, ...(opts.secondFactor ? { secondFactor: true } : {}) },
  });
  return { session, token, user };
}

/**
 * A sign-in that proved the mailbox (an email code, a magic link) of a user whose address was
 * unproven: the account is adopted before its session is made (security/adoption.ts: every
 * earlier session, the password and every other way in set up meanwhile end; `account.adopted`
 * says what). Answers the user as it now is: verified, its second factor gone with the rest.
 */
export async function proveMailbox(c: EndpointContext, user: UserRow, method: string): Promise<UserRow> {
  if (user.emailVerified) return user;
  const { auth } = c;
  const adopted = await auth.adapter.transaction((trx) => auth.adoption.adopt(trx, user.id));
  // Verified meanwhile (another sign-in adopted it): nothing was removed by this one.
  if (!adopted) return (await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: user.id }])) ?? user;
  await finishAdoption(c, adopted, method);
  return adopted.user;
}

/** After an adoption committed: the plugins' work outside the database, then the audit (`email.verify`, `account.adopted`). */
export async function finishAdoption(c: EndpointContext, adopted: Adopted, method: string): Promise<void> {
  const { auth } = c;
  const userId = adopted.user.id;
  for (const task of adopted.afterCommit) {
    try {
      await task();
    } catch (e) {
      auth.logger.error({ err: String(e), userId }, 'account adoption: a plugin could not finish its part');
    }
  }
  await auth.audit.record(c, 'email.verify', { userId, actorId: userId, details: { email: adopted.user.email, method } });
  await auth.audit.record(c, 'account.adopted', { userId, actorId: userId, details: { method, removed: adopted.removed } });
}

/**
 * Checks `password` against the user's credential account, doing the same scrypt
 * work when there is no user or no password, so that timing does not tell which.
 * `c` is the request it is for: no hash is begun for a client that has hung up.
 */
export async function verifyCredential(c: EndpointContext, user: UserRow | null, password: string): Promise<boolean> {
  const { auth } = c;
  const account = user
    ? await auth.adapter.findOne<{ password?: string | null }>('account', [
        { field: 'userId', value: user.id },
        { field: 'providerId', value: 'credential' },
      ])
    : null;
  if (account?.password) return auth.password.verify(account.password, password, c);
  await burnPasswordCheck(password, c);
  return false;
}

/** The service the account plugin publishes under `auth.extensions.emailVerification`. */
export interface EmailVerificationService {
  sendVerification(user: Row, callbackURL?: string): Promise<void>;
}

/** The email-verification service, when the account plugin is present. */
export function emailVerification(auth: AuthContext): EmailVerificationService | undefined {
  return auth.extensions.emailVerification as EmailVerificationService | undefined;
}

export function isEmail(value: string): boolean {
  // Pragmatic RFC 5322 subset: one @, a dotted domain, no spaces or control characters.
  return value.length <= 254 && /^[^\s@"()<>,;:\\[\]\u0000-\u001f]+@[^\s@"()<>,;:\\[\]\u0000-\u001f]+\.[^\s@"()<>,;:\\[\]\u0000-\u001f.]{2,}$/.test(value);
}

/** Emails are kept lowercased and NFKC-normalised, so look-alike duplicates cannot be made. */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export type { Row };
