/**
 * Picks the language of an answer from an `Accept-Language` header (RFC 9110 §12.5.4):
 * the supported locale the caller weighs highest (`q`), a regional tag falling back to
 * its language (`de-CH` → `de`), `*` or nothing supported → the default.
 */
export function negotiateLocale(header: string | null | undefined, supported: ReadonlySet<string>, fallback: string): string {
  if (!header) return fallback;
  let best = fallback;
  let bestQ = 0;
  // A header is short; a hostile one is cut rather than parsed whole.
  const ranges = header.slice(0, 512).split(',', 32);
  for (const range of ranges) {
    const [rawTag = '', ...params] = range.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag) continue;
    let q = 1;
    for (const p of params) {
      if (!/^\s*q\s*=/i.test(p)) continue;
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      // A weight that is not one (q=2, q=high) leaves the range out.
      q = m ? Number(m[1]) : 0;
    }
    // Equal weights keep the header's order: only a strictly higher weight wins.
    if (q <= bestQ || q > 1) continue;
    const locale = tag === '*' ? fallback : matchLocale(tag, supported);
    if (locale === null) continue;
    best = locale;
    bestQ = q;
  }
  return best;
}

/** The supported locale a language tag names: itself, else its language (`de-ch` → `de`); null when neither. */
export function matchLocale(tag: string, supported: ReadonlySet<string>): string | null {
  const lower = tag.toLowerCase();
  if (supported.has(lower)) return lower;
  const language = lower.split('-')[0]!;
  return supported.has(language) ? language : null;
}
