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
