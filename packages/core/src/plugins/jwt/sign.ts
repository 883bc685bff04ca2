import { SignJWT } from 'jose';
import type { AuthContext, SessionAnswer } from '../../kit.js';
import { jwtOf } from './state.js';

/**
 * A JWT for a session: `sub` the user id, `iss`/`aud` from the options, `iat` now, `exp`
 * after `expirationTime`, plus `definePayload`'s claims; `kid` in the header names the key.
 */
export async function signSessionJwt(auth: AuthContext, session: SessionAnswer): Promise<string> {
  const { config, keys } = jwtOf(auth);
  const key = await keys.signingKey();
  const iat = Math.floor(auth.now() / 1000);
  const claims = await config.definePayload(session);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setSubject(session.user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + config.expirationTime)
    .sign(key.key);
}
