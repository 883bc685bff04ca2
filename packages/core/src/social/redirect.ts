/** Adds query parameters to an absolute URL or a relative path, keeping its own query and fragment. */
export function withParams(target: string, params: Record<string, string | undefined>): string {
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const base = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  const extra = q.toString();
  if (!extra) return target;
  return `${base}${base.includes('?') ? '&' : '?'}${extra}${hash}`;
}
