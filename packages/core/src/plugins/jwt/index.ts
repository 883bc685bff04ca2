import { definePlugin, type SessionAnswer } from '../../kit.js';
import { type JwtOptions, resolveJwtOptions } from './config.js';
import { KeySet } from './keys.js';
import { getJwks } from './routes/jwks.js';
import { getToken } from './routes/token.js';
import { jwtSchema } from './schema.js';
import { signSessionJwt, tokenAnswer } from './sign.js';
import { useJwt } from './state.js';

export type { JwtAlgorithm, JwtOptions } from './config.js';
export type { PublicJwk } from './keys.js';
export { signSessionJwt } from './sign.js';

/** The jwt routes with their precise types (route-types.ts derives the client's from them). */
export const jwtRoutes = [getToken, getJwks] as const;

/**
 * JWTs for your APIs: `GET /token` signs one for the caller's session, `GET /jwks` publishes
 * the public keys (jose's createRemoteJWKSet verifies them); get-session answers a
 * `set-auth-jwt` header with one. Keys are made on first use, kept encrypted, rotated.
 */
export function jwtPlugin(options: JwtOptions = {}) {
  const setHeader = !options.disableSettingJwtHeader;
  return definePlugin({
    id: 'jwt',
    features: { jwt: true },
    schema: jwtSchema,
    endpoints: jwtRoutes,
    // get-session's answer gets a header from the `after` hook: the fast lane hands it on.
    handsOn: setHeader ? ['/get-session'] : [],
    // GET /token on the fast lane while the signing key is at hand (the route makes a first or rotated key).
    sessionReads: [{ path: '/token', answer: tokenAnswer }],
    init(auth) {
      const config = resolveJwtOptions(options, auth.baseURL);
      useJwt(auth, { config, keys: new KeySet({ adapter: auth.adapter, encrypter: auth.encrypter, config, now: auth.now }) });
    },
    async after(c, result) {
      if (c.path !== '/get-session' || !setHeader || !result || typeof result !== 'object' || !('user' in result)) return undefined;
      c.responseHeaders.set('set-auth-jwt', await signSessionJwt(c.auth, result as SessionAnswer));
      c.responseHeaders.set('access-control-expose-headers', 'set-auth-jwt');
      return undefined;
    },
  });
}
