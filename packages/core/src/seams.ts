import type { AuthContext, HookServices } from './context.js';
import type { EndpointContext } from './endpoint.js';
import type { APIError } from './errors.js';
import { extension } from './extension.js';
import type { UserRow } from './session/types.js';

/**
 * The published seams between capabilities. A plugin never imports another plugin's files
 * (scripts/check-plugin-boundary.mjs): the one that offers a service sets its slot here in
 * its `init`, the one that uses it finds it at request time, and `find` answers undefined
 * when the offering capability is off. Each seam is an interface the core owns, so either
 * side can change inside its folder as long as the interface holds.
 */

/** Admin: who is an administrator (the admin plugin's roles). Without the admin plugin, nobody is. */
export interface AdminSeam {
  isAdmin(user: UserRow): boolean;
}
export const adminSeam = extension<AdminSeam>('admin');

/** True when the admin plugin runs and counts this user among its administrators. */
export function isAdministrator(auth: AuthContext, user: UserRow): boolean {
  return adminSeam.find(auth)?.isAdmin(user) === true;
}

/** A second factor another capability offers a waiting sign-in (`twoFactorMethods`: the passkey plugin's `passkey`). */
export interface SecondFactorMethod {
  /** The name the answer lists. */
  id: string;
  /** Whether this user can give it now. */
  available(auth: AuthContext, userId: string): Promise<boolean>;
}

// Its own slot, not the two-factor seam: the offering plugin's init may run before two-factor's.
const offered = extension<SecondFactorMethod[]>('seam:second-factor-methods');

/** Call in `init` to offer a second factor of your own; harmless when two-factor is off. */
export function offerSecondFactor(auth: AuthContext, method: SecondFactorMethod): void {
  const list = offered.find(auth);
  if (list) list.push(method);
  else offered.set(auth, [method]);
}

/** The second factors other capabilities offer, in the order they offered them. */
export function offeredSecondFactors(auth: AuthContext): readonly SecondFactorMethod[] {
  return offered.find(auth) ?? [];
}

/** Who is giving a second factor: a sign-in waiting on it, or a signed-in user. */
export interface SecondFactorChallenge {
  readonly kind: 'pending' | 'session';
  readonly user: UserRow;
}

/**
 * Two-factor: its challenge, for another capability's second factor (a passkey instead of a
 * code). `open` books a try when `attempt`; `fail` counts a wrong answer (and may end the
 * waiting sign-in); `pass` finishes it as a right code does (`{ token, user }`).
 */
export interface TwoFactorSeam {
  /** The user a sign-in in this browser waits on for a second factor, or null. */
  waitingUserId(c: EndpointContext): Promise<string | null>;
  open(c: EndpointContext, opts: { attempt: boolean }): Promise<SecondFactorChallenge>;
  fail(c: EndpointContext, challenge: SecondFactorChallenge): Promise<never>;
  pass(c: EndpointContext, challenge: SecondFactorChallenge, opts: { trustDevice?: boolean }): Promise<unknown>;
  /** The refusal for "no sign-in is waiting here" (401 INVALID_TWO_FACTOR_COOKIE). */
  noWaitingSignIn(): APIError;
  /**
   * Turns the user's two-factor off (an admin's reset): the flag, the TOTP secret and backup
   * codes, a pending code and every trusted browser, in one transaction. Sessions are kept.
   * False when they had none.
   */
  resetFor(adapter: HookServices['adapter'], userId: string): Promise<boolean>;
}
export const twoFactorSeam = extension<TwoFactorSeam>('seam:two-factor');

/** Which directory connection provisioned an account (SCIM), as enterprise SSO asks before linking. */
export interface ScimProvisioning {
  organizationId: string;
  providerId: string;
  /** False when deactivated or deleted: its sign-in is refused anyway. */
  active: boolean;
}

/** SCIM: whether an organization's directory made an account. */
export interface ScimSeam {
  provisioningOf(adapter: HookServices['adapter'], userId: string): Promise<ScimProvisioning | null>;
}
export const scimSeam = extension<ScimSeam>('scim');

/** An organization member's roles: its `role` column holds one or several, comma-separated. */
export function memberRoles(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** Organizations: the role names in force in one (configured and its own), as enterprise SSO's role mapping checks them. */
export interface OrganizationSeam {
  roleNamesOf(organizationId: string): Promise<string[]>;
}
export const organizationSeam = extension<OrganizationSeam>('seam:organization');
