/**
 * Trusted origins and redirect targets (spec section 5). A target is allowed
 * when it is a safe relative path or an absolute http(s) URL whose origin
 * matches a trusted origin (`*` wildcards match within one host label run).
 */
export class OriginPolicy {
  private readonly exact = new Set<string>();
  private readonly patterns: RegExp[] = [];

  constructor(origins: readonly string[]) {
    for (const o of origins) {
      if (!o) continue;
      if (o.includes('*')) {
        const re = o
          .toLowerCase()
          .replace(/\/+$/, '')
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
          // A wildcard is at least one character and never crosses a dot, a slash, a colon
          // or an @: `https://*.example.com` is one label, never `https://.example.com`.
          .join('[^./:@]+');
        this.patterns.push(new RegExp(`^${re}$`));
      } else {
        try {
          this.exact.add(new URL(o).origin.toLowerCase());
        } catch {
          // ignored: not a URL
        }
      }
    }
  }

  isTrustedOrigin(origin: string): boolean {
    const o = origin.toLowerCase();
    return this.exact.has(o) || this.patterns.some((p) => p.test(o));
  }

  /** Whether `target` may be used as a redirect: a safe relative path or a trusted absolute URL. */
  isAllowedRedirect(target: string): boolean {
    if (isSafeRelativePath(target)) return true;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username || url.password) return false;
    // The parsed origin must also be what the raw string says, so that
    // backslashes, tabs and encoded tricks cannot move the host.
    if (/[\\\s]/.test(target) || /%(2f|5c|40)/i.test(target.split(/[?#]/)[0]!)) return false;
    return this.isTrustedOrigin(url.origin);
  }
}

export function isSafeRelativePath(target: string): boolean {
  if (!target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // No control characters, backslashes or encoded slashes anywhere before the query.
  const path = target.split(/[?#]/)[0]!;
  if (/[\\\u0000-\u001f\u007f]/.test(target) || /%(2f|5c|09|0a|0d)/i.test(path)) return false;
  return true;
}
