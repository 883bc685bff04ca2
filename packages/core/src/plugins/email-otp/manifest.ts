import { type Capability, defineCapability, routeList } from '../../kit.js';
import { emailOTPOptionKeys, type EmailOTPOptions } from './config.js';
import { emailOtpPlugin, type emailOtpRoutes } from './index.js';

/** Mailed one-time codes to sign in, verify an address and reset a password; off unless `enabled`. */
export const emailOTPCapability: Capability<'emailOTP', EmailOTPOptions, (typeof emailOtpRoutes)[number]> = defineCapability({
  key: 'emailOTP',
  switch: 'off-unless-enabled',
  optionKeys: emailOTPOptionKeys,
  features: ['emailOTP'],
  plugin: (o: EmailOTPOptions | undefined) => emailOtpPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof emailOtpRoutes>(),
});
