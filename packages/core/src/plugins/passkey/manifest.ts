import { type Capability, defineCapability, routeList } from '../../kit.js';
import { passkeyOptions, type PasskeyOptions } from './config.js';
import { passkeyPlugin, type passkeyRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type PasskeyCapability = Capability<'passkey', PasskeyOptions, (typeof passkeyRoutes)[number]>;

/** Passkeys (WebAuthn) to sign in and as a second factor; off unless `enabled`. */
export const passkeyCapability: PasskeyCapability = defineCapability({
  key: 'passkey',
  switch: 'off-unless-enabled',
  options: passkeyOptions,
  features: ['passkey'],
  plugin: (o: PasskeyOptions | undefined) => passkeyPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof passkeyRoutes>(),
});
