import { type Capability, defineCapability, routeList } from '../../kit.js';
import { jwtOptions, type JwtOptions } from './config.js';
import { jwtPlugin, type jwtRoutes } from './index.js';

/** Its manifest's type, by name (the declarations other modules emit refer to it). */
export type JwtCapability = Capability<'jwt', JwtOptions, (typeof jwtRoutes)[number]>;

/** JWTs for your APIs (`GET /token`, `GET /jwks`); off unless `enabled`. */
export const jwtCapability: JwtCapability = defineCapability({
  key: 'jwt',
  switch: 'off-unless-enabled',
  options: jwtOptions,
  features: ['jwt'],
  plugin: (o: JwtOptions | undefined) => jwtPlugin(o),
  everythingOn: { enabled: true },
  routes: routeList<typeof jwtRoutes>(),
});
