/**
 * Returns `target` if it is a path on this app ("/accept-invitation/1"), else
 * `fallback`, so a crafted `?redirect=` can never send a person elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}

/** An absolute URL on this app, for the callback URLs the server mails or redirects to. */
export function appURL(path: string): string {
  return window.location.origin + path;
}

/**
 * An invitation page (`/accept-invitation/{id}`): signing up or in on the way there, the mailed
 * verification link leads back to it instead of to /verify-email, so the invitation is not lost.
 */
export function isInvitationPath(path: string): boolean {
  return /^\/accept-invitation\/[^/?#]+$/.test(path);
}

/**
 * Whether an answer is `{ redirect: true, url }`: the client (ours, like better-auth's) has already
 * sent the browser to `url`. Sending it there again starts a second navigation that cancels the
 * first, which may by then have used a one-time message (a SAML LogoutResponse, an AuthnRequest's
 * answer): the second is refused, and the person is left on an error.
 */
export function clientRedirected(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { redirect, url } = data as { redirect?: unknown; url?: unknown };
  return redirect === true && typeof url === 'string' && url !== '';
}
