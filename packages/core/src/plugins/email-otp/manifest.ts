import { type Capability, defineCapability, routeList } from '../../kit.js';
import { emailOTPOptions, type EmailOTPOptions } from './config.js';
import { emailOtpPlugin, type emailOtpRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type EmailOTPCapability = Capability<'emailOTP', EmailOTPOptions, (typeof emailOtpRoutes)[number]>;

/** Mailed one-time codes to sign in, verify an address and reset a password; off unless `enabled`. */
export const emailOTPCapability: EmailOTPCapability = defineCapability({
  key: 'emailOTP',
  switch: 'off-unless-enabled',
  options: emailOTPOptions,
  features: ['emailOTP'],
  plugin: (o: EmailOTPOptions | undefined) => emailOtpPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof emailOtpRoutes>(),
});
