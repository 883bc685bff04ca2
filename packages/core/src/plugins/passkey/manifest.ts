import { type Capability, defineCapability, routeList } from '../../kit.js';
import { passkeyOptionKeys, type PasskeyOptions } from './config.js';
import { passkeyPlugin, type passkeyRoutes } from './index.js';

/** Passkeys (WebAuthn) to sign in and as a second factor; off unless `enabled`. */
export const passkeyCapability: Capability<'passkey', PasskeyOptions, (typeof passkeyRoutes)[number]> = defineCapability({
  key: 'passkey',
  switch: 'off-unless-enabled',
  optionKeys: passkeyOptionKeys,
  features: ['passkey'],
  plugin: (o: PasskeyOptions | undefined) => passkeyPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof passkeyRoutes>(),
});
