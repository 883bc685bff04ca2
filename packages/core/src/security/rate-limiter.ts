import { APIError, BASE_ERRORS } from '../errors.js';
import { clientKey, type RateCount, type RateLimitStore, type RateRule } from '../rate-limit.js';

// Paths limited to 3 requests per 10 s (spec section 9).
const STRICT_PATHS = [/^\/sign-in\//, /^\/sign-up\//, /^\/change-password$/, /^\/change-email$/];

export interface RateLimiterDeps {
  /** The resolved `rateLimit` options. */
  options: { enabled: boolean; window: number; max: number; customRules: Record<string, RateRule | false> };
  store: RateLimitStore;
  /** Rules the plugins declare, by declared path (the options' custom rules come first). */
  pluginRules: Record<string, RateRule>;
  now(): number;
  /** Told of each refusal, by declared path (the plugins' `observe.rateLimited`). */
  onRefused?(path: string): void;
}

function refusal(count: RateCount, max: number, now: number): APIError | undefined {
  if (count.count <= max) return undefined;
  const retry = String(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
  return new APIError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', BASE_ERRORS.TOO_MANY_REQUESTS, {
    'Retry-After': retry,
    'X-Retry-After': retry,
  });
}

/** Requests counted per client and declared path (spec section 9). */
export class RateLimiter {
  /** The rule for each declared path, resolved at its first request. */
  private readonly rules = new Map<string, RateRule | null>();

  constructor(private readonly deps: RateLimiterDeps) {}

  private ruleFor(path: string): RateRule | null {
    let rule = this.rules.get(path);
    if (rule !== undefined) return rule;
    const o = this.deps.options;
    const custom = o.customRules[path];
    if (custom === false) rule = null;
    else {
      rule = custom ?? this.deps.pluginRules[path] ?? null;
      if (!rule && STRICT_PATHS.some((re) => re.test(path))) rule = { window: 10, max: 3 };
      rule ??= { window: o.window, max: o.max };
    }
    this.rules.set(path, rule);
    return rule;
  }

  /**
   * Counts one request to `path` from `ip`; the 429 to answer when it is over its rule.
   * At once where the store counts at once (memory), else a Promise.
   */
  count(path: string, ip: string | null): APIError | undefined | Promise<APIError | undefined> {
    if (!this.deps.options.enabled) return undefined;
    const rule = this.ruleFor(path);
    if (!rule) return undefined;
    const now = this.deps.now();
    const counted = this.deps.store.hit(`${clientKey(ip)}|${path}`, rule.window * 1000, now);
    const { onRefused } = this.deps;
    if (onRefused) {
      const told = (c: RateCount) => {
        const refused = refusal(c, rule.max, now);
        if (refused) onRefused(path);
        return refused;
      };
      return counted instanceof Promise ? counted.then(told) : told(counted);
    }
    return counted instanceof Promise ? counted.then((c) => refusal(c, rule.max, now)) : refusal(counted, rule.max, now);
  }
}
