import { createHash } from 'node:crypto';
import type { Logger } from '../../kit.js';
import type { BreachedCheckConfig } from './config.js';

/** What a range lookup found: the password in the corpus, not in it, or no answer (failing open). */
export type BreachLookup = 'breached' | 'not-found' | 'unavailable';

/** The SHA-1 of the password as upper-case hex, split where the range API splits it: 5 characters sent, 35 kept. */
export function rangeKey(password: string): { prefix: string; suffix: string } {
  const hex = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  return { prefix: hex.slice(0, 5), suffix: hex.slice(5) };
}

/** Whether a range answer (`SUFFIX:COUNT` lines) holds the suffix with a count above 0 (padding rows count 0). */
export function rangeHolds(body: string, suffix: string): boolean {
  for (const line of body.split('\n')) {
    const colon = line.indexOf(':');
    if (colon !== 35) continue;
    if (line.slice(0, 35).toUpperCase() !== suffix) continue;
    return Number.parseInt(line.slice(36), 10) > 0;
  }
  return false;
}

/**
 * Looks a password up by k-anonymity, as Have I Been Pwned's Pwned Passwords API is asked:
 * `GET {endpoint}/range/{first 5 hex of its SHA-1}` with `Add-Padding: true` (the answer's
 * size says nothing about the prefix), the suffixes compared here. Neither the password nor
 * its full hash leaves the process. No answer within the timeout, a network error or a status
 * other than 200 is 'unavailable', logged as a warning: the caller fails open.
 */
export async function lookUpBreach(password: string, config: BreachedCheckConfig, logger: Logger): Promise<BreachLookup> {
  const { prefix, suffix } = rangeKey(password);
  const url = `${config.endpoint}/range/${prefix}`;
  try {
    const response = await fetch(url, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'Gatehouse password policy' },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      logger.warn({ endpoint: config.endpoint, status: response.status }, 'breached-password check unavailable: the password was accepted without it');
      return 'unavailable';
    }
    return rangeHolds(await response.text(), suffix) ? 'breached' : 'not-found';
  } catch (e) {
    logger.warn({ endpoint: config.endpoint, err: String(e) }, 'breached-password check unavailable: the password was accepted without it');
    return 'unavailable';
  }
}
