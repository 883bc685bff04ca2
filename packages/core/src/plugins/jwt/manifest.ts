import { type Capability, defineCapability, routeList } from '../../kit.js';
import { jwtOptionKeys, type JwtOptions } from './config.js';
import { jwtPlugin, type jwtRoutes } from './index.js';

/** JWTs for your APIs (`GET /token`, `GET /jwks`); off unless `enabled`. */
export const jwtCapability: Capability<'jwt', JwtOptions, (typeof jwtRoutes)[number]> = defineCapability({
  key: 'jwt',
  switch: 'off-unless-enabled',
  optionKeys: jwtOptionKeys,
  features: ['jwt'],
  plugin: (o: JwtOptions | undefined) => jwtPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof jwtRoutes>(),
});
