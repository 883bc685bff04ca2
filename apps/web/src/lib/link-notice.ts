/**
 * Which mailed link brought the person here. When the server follows a verify-email,
 * change-email, delete-account or magic (sign-in) link it redirects to the link's callbackURL unchanged
 * and sets a short-lived, script-readable `<prefix>.link_notice` cookie naming the link,
 * scoped to the landing's path, so that a landing on a bare `/` can still say what
 * happened. The landing page reads it once and clears it.
 */
export type LinkKind = 'verify-email' | 'change-email' | 'delete-account' | 'magic-link';

const KINDS: readonly string[] = ['verify-email', 'change-email', 'delete-account', 'magic-link'];

/** The cookie's full name (`better-auth.link_notice`, with the configured prefix, maybe `__Secure-`). */
function noticeCookie(): { name: string; value: string } | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    // The value is one of a few plain words; anything else (even undecodable) is no notice.
    if (eq > 0 && name.endsWith('.link_notice')) return { name, value: part.slice(eq + 1).trim() };
  }
  return null;
}

/** The link the person followed, if the server said so a moment ago. */
export function readLinkNotice(): LinkKind | null {
  const found = noticeCookie();
  return found && KINDS.includes(found.value) ? (found.value as LinkKind) : null;
}

/** Forgets the notice set for the landing at `path`, so a later visit does not repeat it. */
export function clearLinkNotice(name: string, path: string): void {
  const secure = name.startsWith('__Secure-') ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Firefox and Safari versions the app supports
  document.cookie = `${name}=; Max-Age=0; Path=${path}; SameSite=Lax${secure}`;
}

/** The notice cookie's name, when one is visible here. */
export function linkNoticeName(): string | null {
  return noticeCookie()?.name ?? null;
}

/** The notice handed on by a page that forwarded the landing (router state), else the cookie's. */
export function noticeFrom(state: unknown): LinkKind | null {
  const handed = (state as { linkNotice?: unknown } | null)?.linkNotice;
  return typeof handed === 'string' && KINDS.includes(handed) ? (handed as LinkKind) : readLinkNotice();
}
