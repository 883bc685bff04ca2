import { z } from 'zod';
import { APIError, type EndpointContext, serializeCookie } from '../../../kit.js';
import { MULTI_SESSION_ERRORS } from '../errors.js';
import { holds, multiCookieName } from '../device.js';

/** `{ sessionToken }`: the token of a session this browser holds (list-device-sessions' `session.token`). */
export const sessionTokenBody = z.object({ sessionToken: z.string().min(1).max(256) });

/**
 * 401 INVALID_SESSION_TOKEN: the browser holds no correctly signed multi cookie for the
 * token (one from elsewhere, a forged cookie), or its session has ended; then its cookie
 * is cleared by the same answer.
 */
export function invalidSessionToken(c: EndpointContext, clear?: string): APIError {
  const headers: Record<string, string> = clear ? { 'set-cookie': serializeCookie(clear, '', { maxAge: 0, secure: c.auth.secureCookies }) } : {};
  return new APIError('UNAUTHORIZED', 'INVALID_SESSION_TOKEN', MULTI_SESSION_ERRORS.INVALID_SESSION_TOKEN, headers);
}

/** The multi cookie's name of a token the browser holds; throws 401 INVALID_SESSION_TOKEN for any other. */
export function heldCookie(c: EndpointContext, token: string): string {
  if (!holds(c, token)) throw invalidSessionToken(c);
  return multiCookieName(c.auth, token);
}
