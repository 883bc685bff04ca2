import type { EndpointContext } from '../endpoint.js';

/**
 * Where a mailed link lands when the call that mailed it named none: the app's home,
 * as better-auth does (`callbackURL || "/"`), so a person following a link from their
 * mail meets a page rather than raw JSON.
 */
export const DEFAULT_LINK_TARGET = '/';

/**
 * The kinds of mailed link a landing may be reached from, as a closed, typed set that a plugin
 * extends with its own (`declare module '…/account/link-landing.js' { interface LinkKinds { 'x': true } }`,
 * as the magic-link plugin does), the way audit event types are extended.
 */
export interface LinkKinds {
  'verify-email': true;
  'change-email': true;
  'delete-account': true;
}

/** Which mailed link a landing page was reached from. */
export type LinkKind = keyof LinkKinds;

/** The notice cookie's lifetime: long enough for the redirect to be followed, no more. */
const NOTICE_MAX_AGE = 60;

/**
 * Follows a mailed link to its landing: the redirect itself, unchanged (its Location is
 * the wire format), plus a short-lived `<prefix>.link_notice` cookie naming the link, so
 * that a landing on a bare `/` can still say what happened. Readable by the app's script
 * (not HttpOnly; it holds no secret), SameSite=Lax so it rides the top-level redirect,
 * and scoped to the landing's path, so that no other page of the site ever sees it.
 * A landing on another origin gets none: no page of ours would read it.
 */
export function landOn(c: EndpointContext<unknown, unknown>, location: string, kind: LinkKind): Response {
  const target = new URL(location, c.auth.baseURL);
  if (target.origin === new URL(c.auth.baseURL).origin) {
    c.setCookie(c.auth.cookies.named('link_notice'), kind, { maxAge: NOTICE_MAX_AGE, httpOnly: false, sameSite: 'Lax', path: target.pathname });
  }
  return c.redirect(location);
}
