import { completeSignIn, type EndpointContext, type SessionWithUser, type UserRow } from '../../kit.js';
import { twoFactorConfig } from './config.js';
import { twoFactorError } from './errors.js';
import { consumePending, hasPendingCookie, killPending, readPending, takeAttempt, type PendingSignIn } from './pending.js';
import { trustDevice } from './trust.js';

/**
 * Who is giving a second factor: a sign-in waiting on it (the two-factor cookie), or
 * else a signed-in user (confirming enrolment, or re-checking on a trusted screen).
 */
export type Challenge =
  | { kind: 'pending'; user: UserRow; pending: PendingSignIn; attempt: number }
  | { kind: 'session'; user: UserRow; session: SessionWithUser };

/** Contexts whose second factor was just proven: the plugin's beforeSignIn lets them through. */
export const secondFactorPassed = new WeakSet<EndpointContext>();

/**
 * Opens the challenge for this request. With `attempt`, a pending sign-in books one try
 * first (verify routes); sending a code does not.
 */
/** The lockout identity of a person's second factor: fresh password sign-ins do not reset it. */
const secondFactorIdentity = (userId: string) => `two-factor:${userId}`;

export async function openChallenge(c: EndpointContext, opts: { attempt: boolean }): Promise<Challenge> {
  const pending = await readPending(c);
  if (pending) {
    if (opts.attempt) await c.auth.lockout.begin(secondFactorIdentity(pending.userId));
    const attempt = opts.attempt ? await takeAttempt(c, pending) : pending.attempts;
    const user = await c.auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: pending.userId }]);
    if (!user) {
      await killPending(c, pending);
      throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
    }
    return { kind: 'pending', user, pending, attempt };
  }
  const session = await c.getSession();
  if (session) {
    if (opts.attempt) await c.auth.lockout.begin(secondFactorIdentity(session.user.id));
    return { kind: 'session', user: session.user, session };
  }
  if (hasPendingCookie(c)) c.deleteCookie(c.auth.cookies.named('two_factor'));
  throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
}

/** A wrong code: the last allowed try also ends the pending sign-in. */
export async function failChallenge(c: EndpointContext, ch: Challenge): Promise<never> {
  await c.auth.lockout.fail(secondFactorIdentity(ch.user.id), ch.user, c);
  await c.auth.audit.record(c, 'sign-in.failure', { userId: ch.user.id, actorId: ch.user.id, details: { method: 'two-factor' } });
  if (ch.kind === 'pending' && ch.attempt >= twoFactorConfig(c.auth).maxAttempts) await killPending(c, ch.pending);
  throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_AUTHENTICATION');
}

/**
 * A right code. A pending sign-in is used up and finished through the core's
 * completeSignIn (so other plugins, e.g. a ban, still have their say) → a session;
 * a signed-in user keeps theirs. With `trustDevice`, this browser skips the second
 * factor for 30 days. Answers `{ token, user }`.
 */
export async function passChallenge(
  c: EndpointContext,
  ch: Challenge,
  opts: { trustDevice?: boolean; disableSession?: boolean; user?: UserRow },
): Promise<unknown> {
  const { auth } = c;
  const user = opts.user ?? ch.user;
  await auth.lockout.succeed(secondFactorIdentity(ch.user.id));
  if (ch.kind === 'session') {
    if (opts.trustDevice) await trustDevice(c, user.id);
    return { token: ch.session.token, user: auth.publicUser(user) };
  }
  if (!(await consumePending(c, ch.pending))) throw twoFactorError('UNAUTHORIZED', 'INVALID_TWO_FACTOR_COOKIE');
  if (opts.disableSession) return { token: null, user: auth.publicUser(user) };
  secondFactorPassed.add(c);
  const done = await completeSignIn(c, user, { rememberMe: ch.pending.rememberMe, method: ch.pending.method, secondFactor: true });
  if ('intercepted' in done) return done.intercepted;
  if (opts.trustDevice) await trustDevice(c, user.id);
  return { token: done.token, user: auth.publicUser(done.user) };
}
