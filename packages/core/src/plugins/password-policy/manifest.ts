import { type Capability, defineCapability, routeList } from '../../kit.js';
import { passwordPolicyOptions, type PasswordPolicyOptions } from './config.js';
import { passwordPolicyPlugin } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type PasswordPolicyCapability = Capability<'passwordPolicy', PasswordPolicyOptions, (readonly [])[number]>;

/** Which passwords are accepted (common ones refused; `preset: 'nist-800-63b-4'` for NIST lengths); always on. */
export const passwordPolicyCapability: PasswordPolicyCapability = defineCapability({
  key: 'passwordPolicy',
  switch: 'always',
  options: passwordPolicyOptions,
  features: [],
  plugin: (o: PasswordPolicyOptions | undefined, all) =>
    passwordPolicyPlugin(o, { min: all.emailAndPassword?.minPasswordLength, max: all.emailAndPassword?.maxPasswordLength }),
  routes: routeList<readonly []>(),
});
