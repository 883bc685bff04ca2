import type { Adapter } from '../db/adapter.js';
import { fail } from '../errors.js';
import type { Logger } from '../logger.js';

/** A password someone is about to set: for an existing user, or for an account not made yet (`userId: null`). */
export interface PasswordCandidate {
  password: string;
  userId: string | null;
}

/** What a plugin's password check may use. */
export interface PasswordCheckServices {
  logger: Logger;
  /** Whether the user must pass a second factor after the password (false for an account not made yet). */
  hasSecondFactor(userId: string | null): Promise<boolean>;
}

/** A plugin's check of a new password: resolves to accept, throws an APIError to refuse. */
export type PasswordCheck = (candidate: PasswordCandidate, services: PasswordCheckServices) => Promise<void>;

/** A plugin's answer to "does a password sign-in of this user need a second factor of yours?". */
export type SecondFactorProbe = (adapter: Adapter, userId: string) => Promise<boolean>;

/**
 * The one place a new password is judged, whichever route sets it (sign-up, reset, change,
 * set, admin, the CLI): the length bounds of `emailAndPassword` (never truncating), then each
 * plugin's check in plugin order (the password policy's blocklist, breach check, NIST lengths).
 *
 * @example
 * await auth.password.check(body.newPassword, { userId: user.id }); // throws PASSWORD_TOO_SHORT, PASSWORD_COMPROMISED, …
 */
export class PasswordRules {
  private readonly adapter: Adapter;
  readonly logger: Logger;
  private readonly length: { min: number; max: number };
  private readonly checks: readonly PasswordCheck[];
  private readonly probes: readonly SecondFactorProbe[];

  constructor(deps: {
    adapter: Adapter;
    logger: Logger;
    length: { min: number; max: number };
    checks: readonly PasswordCheck[];
    secondFactors: readonly SecondFactorProbe[];
  }) {
    this.adapter = deps.adapter;
    this.logger = deps.logger;
    this.length = deps.length;
    this.checks = deps.checks;
    this.probes = deps.secondFactors;
  }

  async check(password: string, owner: { userId: string | null }): Promise<void> {
    if (password.length < this.length.min) fail('BAD_REQUEST', 'PASSWORD_TOO_SHORT');
    if (password.length > this.length.max) fail('BAD_REQUEST', 'PASSWORD_TOO_LONG');
    const candidate = { password, userId: owner.userId };
    for (const check of this.checks) await check(candidate, this);
  }

  /** Whether any plugin says a password sign-in of this user goes on to a second factor. */
  readonly hasSecondFactor = async (userId: string | null): Promise<boolean> => {
    if (!userId) return false;
    for (const probe of this.probes) if (await probe(this.adapter, userId)) return true;
    return false;
  };
}
