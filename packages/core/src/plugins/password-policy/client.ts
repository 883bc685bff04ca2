// Data only: the password policy has no routes of its own; the app reads its settings from `/providers`.

/**
 * The password policy in effect, as `GET /providers` answers it under `features.passwordPolicy`
 * (a type, not an interface: a feature's settings are a flat record).
 */
export type PasswordPolicyInfo = {
  preset: 'default' | 'nist-800-63b-4';
  /** The shortest password accepted when the password is the only factor (and on sign-up). */
  minLength: number;
  /** The shortest accepted for a user whose password sign-in goes on to a second factor. */
  minLengthWithSecondFactor: number;
  maxLength: number;
  /** Whether common passwords are refused (PASSWORD_COMPROMISED). */
  blockCommon: boolean;
  /** Whether passwords are looked up in a breach corpus (k-anonymity). */
  breachedCheck: boolean;
};

declare module '../../public-types.js' {
  /** `GET /providers`: the password policy's settings, for the app's hints. */
  interface PublicFeatures {
    passwordPolicy: PasswordPolicyInfo;
  }
}
