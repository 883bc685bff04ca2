export interface CookieAttributes {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
  domain?: string;
}

/** Browsers cap Max-Age at 400 days; we never ask for more. */
export const MAX_COOKIE_AGE = 400 * 24 * 60 * 60;

export function serializeCookie(name: string, value: string, attrs: CookieAttributes): string {
  let out = `${name}=${encodeURIComponent(value)}`;
  if (attrs.maxAge !== undefined) out += `; Max-Age=${Math.max(0, Math.min(Math.floor(attrs.maxAge), MAX_COOKIE_AGE))}`;
  if (attrs.domain) out += `; Domain=${attrs.domain}`;
  out += `; Path=${attrs.path ?? '/'}`;
  if (attrs.httpOnly !== false) out += '; HttpOnly';
  if (attrs.secure) out += '; Secure';
  out += `; SameSite=${attrs.sameSite ?? 'Lax'}`;
  return out;
}

/** Reads one cookie without parsing the whole header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      const raw = header.slice(eq + 1, end).trim();
      // Nothing to decode (the usual case): decodeURIComponent would copy the value (a cache cookie is over 1 KB).
      if (raw.indexOf('%') === -1) return raw;
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

export interface CookieNames {
  sessionToken: string;
  sessionData: string;
  dontRemember: string;
  /** Any other name a plugin uses, with the same prefix rules. */
  named(name: string): string;
}

export function cookieNames(prefix: string, secure: boolean): CookieNames {
  const full = (n: string) => `${secure ? '__Secure-' : ''}${prefix}.${n}`;
  return {
    sessionToken: full('session_token'),
    sessionData: full('session_data'),
    dontRemember: full('dont_remember'),
    named: full,
  };
}
